import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layout's rules, checked on the code itself (README "Architecture"): import circles are checked by
 * madge in `npm test`; these are the arrows and boundaries a circle check does not see.
 */
const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const rel = path.posix.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) return sourceFiles(rel);
    return rel.endsWith('.ts') ? [rel] : [];
  });
}

/** Relative imports of a file, resolved to repository paths (`from '…'`, `import('…')`). */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]!);
  return specs.map((spec) => path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)));
}

const code = [...sourceFiles('src'), ...sourceFiles('workflows'), ...sourceFiles('activities')];

describe('architecture', () => {
  it('has no src/services drawer', () => {
    expect(code.filter((file) => file.startsWith('src/services/'))).toEqual([]);
  });

  it('lets nothing outside src/edge import src/edge', () => {
    const offenders = code.filter((file) => !file.startsWith('src/edge/')).flatMap((file) => importsOf(file).filter((target) => target.startsWith('src/edge/')).map((target) => `${file} -> ${target}`));
    expect(offenders).toEqual([]);
  });

  it('keeps src/contract at the bottom: it imports no feature', () => {
    const offenders = code.filter((file) => file.startsWith('src/contract/')).flatMap((file) => importsOf(file).filter((target) => !target.startsWith('src/contract/')).map((target) => `${file} -> ${target}`));
    expect(offenders).toEqual([]);
  });

  it('keeps workflows free of src/ and activities/ at run time (type imports only)', () => {
    const offenders = sourceFiles('workflows').flatMap((file) => {
      const text = readFileSync(path.join(root, file), 'utf8');
      return [...text.matchAll(/^import\s+(?!type\b)[^;]*from\s*'(\.{2}\/[^']+)'/gm)].map((m) => `${file} -> ${m[1]}`);
    });
    expect(offenders).toEqual([]);
  });

  it('reads and writes jobs, job_results and crawl_urls only in src/jobs/store', () => {
    const tableAccess = /\.(job|jobResult|crawlUrl)\.(find|create|update|delete|upsert|count|aggregate|groupBy)|\b(FROM|INTO|UPDATE|JOIN)\s+(jobs|job_results|crawl_urls)\b/;
    const offenders = code.filter((file) => !file.startsWith('src/jobs/store/') && tableAccess.test(readFileSync(path.join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

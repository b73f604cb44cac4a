import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTRACT_ERRORS, errorEnvelope, type ErrorCode } from '../../../src/contract/errors.js';

/** The contract's error table, read from the contract itself: `| status | code | retry | upgrade | meaning |`. */
function contractRows() {
  const spec = readFileSync(new URL('../../../../shared/spec/content-extraction-api.md', import.meta.url), 'utf8');
  const section = spec.slice(spec.indexOf('| Status | Code | retry | upgrade_url | Meaning |'));
  return section
    .split('\n')
    .slice(2)
    .filter((line) => /^\| \d{3} \|/.test(line))
    .map((line) => {
      const [status, code, retry, upgrade] = line.split('|').slice(1, 5).map((cell) => cell.trim());
      return { status: Number(status), code: code as ErrorCode, retry: retry === 'true', upgrade: upgrade === 'yes' };
    });
}

describe('error table (src/contract/errors.ts) against the contract', () => {
  const rows = contractRows();

  it('covers exactly the codes of the contract', () => {
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(Object.keys(CONTRACT_ERRORS).sort()).toEqual(rows.map((r) => r.code).sort());
  });

  it.each(rows)('$code: status $status, retry $retry, upgrade $upgrade', (row) => {
    const spec = CONTRACT_ERRORS[row.code as keyof typeof CONTRACT_ERRORS];
    expect({ status: spec.status, retry: spec.retry, upgrade: spec.upgrade }).toEqual({ status: row.status, retry: row.retry, upgrade: row.upgrade });
    const { error } = errorEnvelope(row.code, 'm', { baseUrl: 'https://pith.test' });
    expect(error.docs_url).toBe(`https://pith.test/docs/errors#${row.code}`);
    expect('upgrade_url' in error).toBe(row.upgrade);
    expect('retry_after' in error).toBe(row.status === 429);
  });
});

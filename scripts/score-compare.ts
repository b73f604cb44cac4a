/**
 * npm run -s score:compare -- <set folder> <before.json> <after.json> [--pages <n>]
 * Two extract:dir runs over the same set, page by page, read with the shared scorer (scripts/lib/
 * paired-comparison.ts): each run's mean page F1, the change with its standard error and 95% bootstrap
 * interval, pages up and down, each fold's change on numbered sets (WCXB's folds, id mod 5: a rule must help
 * the folds it was not read off), each page type's part of the change on WCXB sets, and the n pages that
 * moved most (default 10). The set folder is laid out as the shared ones (wcxb-dev, scrapinghub, the unseen
 * halves wcxb:unseen writes). One JSON line of the figures on stdout, the readable lines on stderr.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { comparePaired, type PairedComparison } from './lib/paired-comparison.js';
import { scoreSet } from './lib/wcxb-folds.js';

const USAGE = 'usage: npm run -s score:compare -- <set folder> <before.json> <after.json> [--pages <n>]';

function parseArgs(args: string[]): { folder: string; before: string; after: string; pages: number } {
  const [folder, before, after, ...rest] = args;
  if (!folder || !before || !after || [folder, before, after].some((arg) => arg.startsWith('--'))) throw new Error(USAGE);
  let pages = 10;
  for (let i = 0; i < rest.length; i += 2) {
    const [flag, value] = [rest[i], rest[i + 1]];
    if (flag !== '--pages') throw new Error(`unknown option ${flag}\n${USAGE}`);
    if (value === undefined || !Number.isInteger(Number(value)) || Number(value) < 0) throw new Error(`--pages must be a whole number of 0 or more, not ${value ?? 'nothing'}`);
    pages = Number(value);
  }
  for (const file of [before, after]) if (!existsSync(file)) throw new Error(`no such predictions file: ${file}`);
  if (!existsSync(path.join(folder, 'html'))) throw new Error(`${folder} is not a set folder (it has no html/)`);
  return { folder, before, after, pages };
}

const signed = (value: number, places = 5): string => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(places)}`;

function report(comparison: PairedComparison, pages: number): string {
  const { difference: d } = comparison;
  const lines = [
    `${comparison.pages} pages; mean page F1 ${comparison.before.toFixed(5)} -> ${comparison.after.toFixed(5)}`,
    `  change ${signed(d.mean)} (standard error ${d.standardError.toFixed(5)}; 95% interval ${signed(d.interval[0])} to ${signed(d.interval[1])}); ${comparison.up} ${comparison.up === 1 ? 'page' : 'pages'} up, ${comparison.down} down`,
  ];
  if (comparison.folds) {
    const down = comparison.folds.filter((fold) => fold < 0).length;
    lines.push(`  by fold (id mod 5): ${comparison.folds.map((fold) => signed(fold)).join(' ')}; ${down} of 5 down`);
  }
  if (comparison.types) lines.push(`  by page type (its part of the change): ${comparison.types.map((t) => `${t.type} ${signed(t.difference)} (${t.pages})`).join(', ')}`);
  for (const page of comparison.moved.slice(0, pages)) lines.push(`  ${page.id}${page.type ? ` ${page.type}` : ''}: ${page.before.toFixed(3)} -> ${page.after.toFixed(3)}`);
  return `${lines.join('\n')}\n`;
}

try {
  const options = parseArgs(process.argv.slice(2));
  const comparison = comparePaired(scoreSet(options.folder, options.before).per_page, scoreSet(options.folder, options.after).per_page);
  process.stderr.write(report(comparison, options.pages));
  const { moved, ...figures } = comparison;
  console.log(JSON.stringify({ ...figures, moved: moved.slice(0, options.pages) }));
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}

/**
 * npm run -s wcxb:unseen -- <WCXB checkout> <out folder>
 * Pages outside the shared sets, for checking that a rule carries (issue 24): the held-out test split of
 * WCXB (github.com/Murrough-Foley/web-content-extraction-benchmark, CC-BY-4.0) without the pages it shares
 * with the dev split in ../shared (139 of its 511 have the same id and address), in two halves laid out
 * like the shared folders (html/<id>.html.gz, ground-truth/<id>.json): `probe` (even ids) to look at page
 * by page, `final` (odd ids) to score only, so that one half stays unseen. The counts go to stderr.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './lib/paths.js';

const [checkout, out] = process.argv.slice(2);
if (!checkout || !out) {
  console.error('usage: npm run -s wcxb:unseen -- <WCXB checkout> <out folder>');
  process.exit(2);
}
const testSplit = path.resolve(checkout, 'test');
if (!existsSync(path.join(testSplit, 'ground-truth')) || !existsSync(path.join(testSplit, 'html'))) {
  console.error(`${testSplit} has no ground-truth/ and html/: give the root of a WCXB checkout`);
  process.exit(2);
}

const devTruths = path.resolve(projectRoot, '..', 'shared', 'benchmarks', 'extraction', 'wcxb-dev', 'ground-truth');
const inDev = new Set(readdirSync(devTruths));
const ids = readdirSync(path.join(testSplit, 'ground-truth'))
  .filter((file) => file.endsWith('.json') && !inDev.has(file))
  .map((file) => file.slice(0, -'.json'.length));

const counts = { probe: 0, final: 0 };
for (const half of Object.keys(counts)) for (const folder of ['html', 'ground-truth']) mkdirSync(path.join(out, half, folder), { recursive: true });
for (const id of ids) {
  const half = Number.parseInt(id, 10) % 2 === 0 ? 'probe' : 'final';
  copyFileSync(path.join(testSplit, 'ground-truth', `${id}.json`), path.join(out, half, 'ground-truth', `${id}.json`));
  copyFileSync(path.join(testSplit, 'html', `${id}.html.gz`), path.join(out, half, 'html', `${id}.html.gz`));
  counts[half]++;
}
console.error(`${ids.length} pages outside dev: ${counts.probe} in ${path.join(out, 'probe')}, ${counts.final} in ${path.join(out, 'final')}`);

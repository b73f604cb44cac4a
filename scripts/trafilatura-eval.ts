/**
 * npm run -s trafilatura:eval -- <trafilatura checkout> <out folder>
 * npm run -s trafilatura:eval -- --score <out folder> <predictions.json> [baseline.json]
 * A third set of pages outside the shared ones, for checking that a rule carries (issue 24): the evaluation
 * set of trafilatura (github.com/adbar/trafilatura, tests/evaldata.json with its pages in tests/cache and
 * tests/eval; 990 pages, mostly German, French, Spanish and Polish news and blogs). Each page is marked with
 * up to six snippets the main text must hold (`with`) and up to six it must not (`without`).
 *
 * The first form lays the pages out like the shared folders (html/<id>.html.gz, ground-truth/<id>.json with
 * { url, with, without }; ids in address order), so `extract:dir` and the peers' `peer-extract.py` run on
 * them unchanged. The second scores predictions ({ id: text | { text } }) as trafilatura's evaluate.py does:
 * a snippet counts when the whitespace-normalised text holds it; precision, recall and F1 over all snippets,
 * accuracy over with and without alike. Given a baseline, it lists the pages whose counts moved.
 * Trafilatura was tuned on these pages; Pith never was, except for the mechanisms their evidence names.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface Marks {
  url: string;
  with: string[];
  without: string[];
}

type Counts = [truePositive: number, falsePositive: number, falseNegative: number, trueNegative: number];

const usage = 'usage: npm run -s trafilatura:eval -- <trafilatura checkout> <out folder>\n       npm run -s trafilatura:eval -- --score <out folder> <predictions.json> [baseline.json]';

function layOut(checkout: string, out: string): void {
  const tests = path.resolve(checkout, 'tests');
  const marksFile = path.join(tests, 'evaldata.json');
  if (!existsSync(marksFile)) {
    console.error(`${marksFile} not found: give the root of a trafilatura checkout`);
    process.exit(2);
  }
  const marks = JSON.parse(readFileSync(marksFile, 'utf8')) as Record<string, { file: string; with: string[]; without: string[] }>;
  for (const folder of ['html', 'ground-truth']) mkdirSync(path.join(out, folder), { recursive: true });
  const urls = Object.keys(marks).sort();
  let missing = 0;
  urls.forEach((url, index) => {
    const entry = marks[url]!;
    const page = ['cache', 'eval'].map((folder) => path.join(tests, folder, entry.file)).find((file) => existsSync(file));
    if (!page) {
      missing++;
      return;
    }
    const id = String(index).padStart(4, '0');
    writeFileSync(path.join(out, 'html', `${id}.html.gz`), gzipSync(readFileSync(page)));
    const truth: Marks = { url, with: entry.with, without: entry.without };
    writeFileSync(path.join(out, 'ground-truth', `${id}.json`), JSON.stringify(truth));
  });
  console.error(`${urls.length - missing} pages in ${out}${missing ? ` (${missing} marked pages not in the checkout)` : ''}`);
}

const normalise = (text: string): string => text.replace(/\s+/g, ' ').trim();

function countsOf(marks: Marks, text: string): Counts {
  const shown = normalise(text);
  const held = (snippet: string): boolean => shown.includes(normalise(snippet));
  const truePositive = marks.with.filter(held).length;
  const falsePositive = marks.without.filter(held).length;
  return [truePositive, falsePositive, marks.with.length - truePositive, marks.without.length - falsePositive];
}

function scoreAll(folder: string, predictionsFile: string): Map<string, Counts> {
  const predictions = JSON.parse(readFileSync(predictionsFile, 'utf8')) as Record<string, string | { text?: string } | null>;
  const counts = new Map<string, Counts>();
  for (const file of readdirSync(path.join(folder, 'ground-truth')).filter((name) => name.endsWith('.json')).sort()) {
    const id = file.slice(0, -'.json'.length);
    const marks = JSON.parse(readFileSync(path.join(folder, 'ground-truth', file), 'utf8')) as Marks;
    const prediction = predictions[id];
    const text = typeof prediction === 'string' ? prediction : (prediction?.text ?? '');
    counts.set(id, countsOf(marks, text));
  }
  return counts;
}

function summary(counts: Map<string, Counts>): Record<string, number> {
  const [tp, fp, fn, tn] = [...counts.values()].reduce((sum, page) => sum.map((value, i) => value + page[i]!) as Counts, [0, 0, 0, 0] as Counts);
  const precision = tp / (tp + fp);
  const recall = tp / (tp + fn);
  const round = (value: number): number => Math.round(value * 10000) / 10000;
  return { pages: counts.size, precision: round(precision), recall: round(recall), f1: round((2 * precision * recall) / (precision + recall)), accuracy: round((tp + tn) / (tp + fp + fn + tn)) };
}

const args = process.argv.slice(2);
if (args[0] === '--score') {
  const [, folder, predictionsFile, baselineFile] = args;
  if (!folder || !predictionsFile) {
    console.error(usage);
    process.exit(2);
  }
  const counts = scoreAll(folder, predictionsFile);
  console.log(JSON.stringify({ set: 'trafilatura-eval', ...summary(counts) }));
  if (baselineFile) {
    const before = scoreAll(folder, baselineFile);
    console.log(JSON.stringify({ baseline: summary(before) }));
    for (const [id, now] of counts) {
      const then = before.get(id)!;
      if (now.join() !== then.join()) console.log(`${id} with ${then[0]}/${then[0] + then[2]} -> ${now[0]}/${now[0] + now[2]}, without held ${then[1]} -> ${now[1]}`);
    }
  }
} else {
  const [checkout, out] = args;
  if (!checkout || !out) {
    console.error(usage);
    process.exit(2);
  }
  layOut(checkout, out);
}

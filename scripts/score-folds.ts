/**
 * npm run -s score:folds -- <predictions.json>
 * WCXB dev figures by fold, for tuning that must help pages it did not see (issue 24's 5-fold rule): the
 * shared scorer's per-page F1 and its metadata matching, split into five folds by page id (id mod 5), each
 * fold's figure and their mean beside the full-dev figure. Tune on four folds, read the fifth.
 * The folds split the pages, not the learned block pass's model, which saw every dev page: a last line says
 * so, and `npm run score:held-out` reads each fold with a model trained on the other four.
 * Predictions as extract:dir writes them ({ id: { text, metadata } }).
 * A last line gives the content F1 on the pages whose truth holds text the page's HTML holds (pagesLeftOut).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeBody } from '../src/extraction/decode.js';
import { bagOf, scorerWords } from './lib/scorer-words.js';
import { foldOf, FOLDS, mean, meanF1ByFold, scoreWcxbDev, wcxbDev as wcxb } from './lib/wcxb-folds.js';

const predictionsFile = process.argv[2];
if (!predictionsFile) {
  console.error('usage: npm run -s score:folds -- <predictions.json>');
  process.exit(2);
}

const scored = scoreWcxbDev(predictionsFile);

// The scorer's metadata matching (score.mjs scoreMetadata), counted per fold.
type Metadata = { title?: string | null; author?: string | null; date?: string | null };
const predictions = JSON.parse(readFileSync(predictionsFile, 'utf8')) as Record<string, { metadata?: Metadata } | string>;
const normalize = (text: unknown) => (text ?? '').toString().toLowerCase().normalize('NFKC').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
const FIELDS = {
  title: (got: Metadata, truth: string) => {
    const [a, b] = [normalize(got.title), normalize(truth)];
    return Boolean(a) && (a === b || (b.length > 10 && a.includes(b)));
  },
  author: (got: Metadata, truth: string) => {
    const [a, b] = [normalize(got.author), normalize(truth)];
    return Boolean(a && b) && (a.includes(b) || b.includes(a));
  },
  date: (got: Metadata, truth: string) => (got.date ?? '').toString().slice(0, 10) === truth.slice(0, 10),
} as const;
const TRUTH_KEY = { title: 'title', author: 'author', date: 'publish_date' } as const;
const tally = Object.fromEntries(Object.keys(FIELDS).map((field) => [field, Array.from({ length: FOLDS }, () => [0, 0])])) as Record<keyof typeof FIELDS, number[][]>;
const groundTruth = path.join(wcxb, 'ground-truth');
for (const file of readdirSync(groundTruth).filter((name) => name.endsWith('.json'))) {
  const id = file.slice(0, -'.json'.length);
  const truth = (JSON.parse(readFileSync(path.join(groundTruth, file), 'utf8')).ground_truth ?? {}) as Record<string, string | undefined>;
  const prediction = predictions[id];
  const got = (typeof prediction === 'object' && prediction?.metadata) || {};
  for (const field of Object.keys(FIELDS) as (keyof typeof FIELDS)[]) {
    const expected = truth[TRUTH_KEY[field]];
    if (!expected) continue;
    const counts = tally[field][foldOf(id)]!;
    counts[1]!++;
    if (FIELDS[field](got, expected)) counts[0]!++;
  }
}

/**
 * Pages whose truth says nothing of an extractor's content F1, read from the set itself: a truth with no text
 * (an empty output scores 1 there and any other 0; on WCXB dev the annotators left shops, a chart and a
 * newspaper front without content), and a truth whose words are mostly not in the page's HTML at all, tags
 * stripped and scripts kept (WCXB dev's six Discourse threads, saved as the splash page without the posts:
 * under 1% of their words are in it; every other page is above 50%). A figure to read beside the full one,
 * for what is left to gain, never instead of it.
 */
const TRUTH_IN_HTML_MIN_SHARE = 0.5;
const wordCounts = (text: string): Map<string, number> => bagOf(scorerWords(text.toLowerCase()));
function pagesLeftOut(): { emptyTruth: Set<string>; truthNotInHtml: Set<string> } {
  const emptyTruth = new Set<string>();
  const truthNotInHtml = new Set<string>();
  for (const file of readdirSync(groundTruth).filter((name) => name.endsWith('.json'))) {
    const id = file.slice(0, -'.json'.length);
    const truth = wordCounts((JSON.parse(readFileSync(path.join(groundTruth, file), 'utf8')).ground_truth?.main_content as string | undefined) ?? '');
    if (truth.size === 0) {
      emptyTruth.add(id);
      continue;
    }
    const html = decodeBody(gunzipSync(readFileSync(path.join(wcxb, 'html', `${id}.html.gz`))), undefined);
    const inHtml = wordCounts(html.replace(/<[^>]*>/g, ' ').replace(/&(?:nbsp|#160);/g, ' '));
    let found = 0;
    let all = 0;
    for (const [word, count] of truth) {
      all += count;
      found += Math.min(count, inHtml.get(word) ?? 0);
    }
    if (found < TRUTH_IN_HTML_MIN_SHARE * all) truthNotInHtml.add(id);
  }
  return { emptyTruth, truthNotInHtml };
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;
const report = (name: string, perFold: number[], full: number) =>
  console.log(`${name.padEnd(8)} full ${r3(full).toFixed(3)}  folds ${perFold.map((v) => r3(v).toFixed(3)).join(' ')}  mean of folds ${r3(mean(perFold)).toFixed(3)}`);

report('content', meanF1ByFold(scored.per_page), scored.f1);
for (const field of Object.keys(FIELDS) as (keyof typeof FIELDS)[]) {
  const folds = tally[field];
  const matched = folds.reduce((sum, [m]) => sum + m!, 0);
  const pages = folds.reduce((sum, [, n]) => sum + n!, 0);
  if (pages) report(field, folds.map(([m, n]) => m! / Math.max(1, n!)), matched / pages);
}

const { emptyTruth, truthNotInHtml } = pagesLeftOut();
const reachable = scored.per_page.filter((page) => !emptyTruth.has(page.id) && !truthNotInHtml.has(page.id));
console.log(
  `content on the ${reachable.length} pages whose truth is text in their HTML ${r3(mean(reachable.map((page) => page.f1))).toFixed(3)}` +
    ` (left out: ${emptyTruth.size} with an empty truth, ${truthNotInHtml.size} whose truth is mostly not in their HTML: ${[...truthNotInHtml].sort().join(' ')})`,
);
console.log('(the learned block pass read each page with a model trained on all of dev; npm run -s score:held-out reads each fold held out)');

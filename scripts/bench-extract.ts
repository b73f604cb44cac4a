/**
 * npm run bench:extract [-- --limit N] [-- --sets scrapinghub,wcxb-dev] [-- --rounds R]
 * For each shared benchmark set: F1 of the full pipeline (shared scorer), p50/p95 ms per page of the
 * full pipeline (all formats) and of Readability alone on linkedom in the same run, and pages/s of the
 * full pipeline on 1 and 2 worker threads (in a child process started with the API's and worker's Node flags,
 * src/extraction/threads/process-flags.ts). Progress on stderr, figures on stdout.
 *
 * Per-page times: every page is timed once per round (Readability alone, then the pipeline), over R
 * rounds (default 3); a page's time is its median over the rounds, so a burst of load from elsewhere on
 * a shared machine moves one sample, not the figure. Each round starts from the same state (token-count
 * caches emptied, then ten pages untimed): no round counts pieces it saw in the round before.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Readability } from '@mozilla/readability';
import { parseDocument } from '../src/extraction/dom/dom.js';
import { decodeBody } from '../src/extraction/decode.js';
import { extractHtml } from '../src/extraction/extract.js';
import { forgetTokenCounts } from '../src/extraction/tokens/tokens.js';
import { EXTRACTION_PROCESS_NODE_FLAGS } from '../src/extraction/threads/process-flags.js';
import { projectRoot } from './lib/paths.js';
import { savedPageUrl } from './lib/saved-page-url.js';

const benchmarks = path.resolve(projectRoot, '..', 'shared', 'benchmarks', 'extraction');
const limitArg = process.argv.indexOf('--limit');
const limit = limitArg > 0 ? Number(process.argv[limitArg + 1]) : Infinity;
const roundsArg = process.argv.indexOf('--rounds');
const rounds = roundsArg > 0 ? Math.max(1, Number(process.argv[roundsArg + 1]) || 1) : 3;
const scratch = mkdtempSync(path.join(tmpdir(), 'pith-bench-'));

interface Page {
  id: string;
  html: string;
  url: string;
}

function loadPages(set: string): Page[] {
  const dir = path.join(benchmarks, set, 'html');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.html.gz'))
    .sort()
    .slice(0, limit)
    .map((file) => {
      const id = file.slice(0, -'.html.gz'.length);
      const html = decodeBody(gunzipSync(readFileSync(path.join(dir, file))), undefined);
      return { id, html, url: savedPageUrl(html, id) };
    });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

function progress(label: string, done: number, total: number): void {
  if (done % 50 === 0 || done === total) process.stderr.write(`\r  ${label}: ${done}/${total}   `);
  if (done === total) process.stderr.write('\n');
}

/** Pages/s on 1 and 2 extraction threads, measured in a child process started like the API and the worker. */
function threadThroughput(set: string): { 1: number; 2: number } {
  const script = path.join(projectRoot, 'scripts', 'lib', 'extract-throughput.ts');
  const output = execFileSync(process.execPath, [...EXTRACTION_PROCESS_NODE_FLAGS, '--import', 'tsx', script, path.join(benchmarks, set), String(limit), '1,2'], {
    cwd: projectRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(output.trim().split('\n').pop() ?? '{}') as { 1: number; 2: number };
}

async function bench(set: string) {
  process.stderr.write(`${set}: loading pages\n`);
  const pages = loadPages(set);
  // samples[page] = times of that page, one per round
  const readabilitySamples: number[][] = pages.map(() => []);
  const pipelineSamples: number[][] = pages.map(() => []);
  const predictions: Record<string, { text: string }> = {};
  for (let pass = 1; pass <= rounds; pass++) {
    // Every round starts from the same state: empty count caches, then the same ten pages untimed.
    forgetTokenCounts();
    for (const page of pages.slice(0, 10)) {
      try {
        extractHtml(page.html, page.url);
      } catch {
        /* no_content: it still warmed what it ran */
      }
    }
    pages.forEach((page, index) => {
      let t = performance.now();
      try {
        new Readability(parseDocument(page.html) as unknown as Document).parse();
      } catch {
        /* Readability 0.6.0 throws on a few pages (null tagName in _grabArticle); its time still counts */
      }
      readabilitySamples[index]?.push(performance.now() - t);
      t = performance.now();
      let text = '';
      try {
        text = extractHtml(page.html, page.url).text;
      } catch {
        /* no_content: scored as empty */
      }
      pipelineSamples[index]?.push(performance.now() - t);
      predictions[page.id] = { text };
      progress(`per-page timing, round ${pass}/${rounds}`, index + 1, pages.length);
    });
  }
  const readabilityMs = readabilitySamples.map((samples) => percentile(samples, 50));
  const pipelineMs = pipelineSamples.map((samples) => percentile(samples, 50));
  const predictionsFile = path.join(scratch, `${set}.json`);
  writeFileSync(predictionsFile, JSON.stringify(predictions));
  const score = JSON.parse(execFileSync(process.execPath, [path.join(benchmarks, 'score.mjs'), path.join(benchmarks, set), predictionsFile], { encoding: 'utf8' }).trim().split('\n').pop() ?? '{}');
  const { 1: oneThread, 2: twoThreads } = threadThroughput(set);
  const p50Pipeline = percentile(pipelineMs, 50);
  const p50Readability = percentile(readabilityMs, 50);
  return {
    set,
    pages: pages.length,
    // The scorer averages over every page of the set: a --limit run has no comparable F1.
    f1: Number.isFinite(limit) ? null : score.f1,
    precision: Number.isFinite(limit) ? null : score.precision,
    recall: Number.isFinite(limit) ? null : score.recall,
    ...(score.by_type ? { f1_by_type: score.by_type } : {}),
    pipeline_ms: { p50: round(p50Pipeline), p95: round(percentile(pipelineMs, 95)) },
    readability_only_ms: { p50: round(p50Readability), p95: round(percentile(readabilityMs, 95)) },
    pipeline_over_readability_p50: round(p50Pipeline / p50Readability, 2),
    timing_rounds: rounds,
    pages_per_s: { threads_1: round(oneThread), threads_2: round(twoThreads), speedup: round(twoThreads / oneThread, 2), node_flags: EXTRACTION_PROCESS_NODE_FLAGS },
  };
}

const setsArg = process.argv.indexOf('--sets');
const sets = setsArg > 0 ? (process.argv[setsArg + 1] ?? '').split(',') : ['scrapinghub', 'wcxb-dev'];
for (const set of sets) console.log(JSON.stringify(await bench(set)));

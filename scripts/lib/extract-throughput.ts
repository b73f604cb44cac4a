/**
 * Child process of bench:extract: pages/s of the full pipeline on extraction threads, in a process started
 * with the same Node flags as the API and the worker (EXTRACTION_PROCESS_NODE_FLAGS), since those flags
 * change how much CPU the threads' garbage costs.
 *   node <flags> --import tsx scripts/lib/extract-throughput.ts <set dir> <limit> <threads,...>
 * Progress on stderr, one JSON line on stdout: { "<threads>": pages/s, … }.
 *
 * Thread counts are measured in alternating rounds (1, 2, 1, 2, …) until each has timed ~1,000 pages,
 * and each figure is the median of its rounds: a few seconds of load from elsewhere on a shared machine
 * then moves one round, not the speedup.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeBody } from '../../src/extraction/decode.js';
import { threadExtractor } from '../../src/extraction/threads/thread-pool.js';
import { savedPageUrl } from './saved-page-url.js';

const [setDir = '', limitArg = 'Infinity', threadsArg = '1,2'] = process.argv.slice(2);
const limit = Number(limitArg);
const htmlDir = path.join(setDir, 'html');
const pages = readdirSync(htmlDir)
  .filter((f) => f.endsWith('.html.gz'))
  .sort()
  .slice(0, limit)
  .map((file) => {
    const html = decodeBody(gunzipSync(readFileSync(path.join(htmlDir, file))), undefined);
    return { html, url: savedPageUrl(html, file.slice(0, -'.html.gz'.length)) };
  });

function progress(label: string, done: number, total: number): void {
  if (done % 50 === 0 || done === total) process.stderr.write(`\r  ${label}: ${done}/${total}   `);
  if (done === total) process.stderr.write('\n');
}

async function throughput(threads: number, label: string): Promise<number> {
  const pool = threadExtractor(threads);
  try {
    // Warm every thread (JIT, the piece cache, the BPE ranks) as a long-running worker is, then time
    // one pass over the set: steady-state throughput, not thread start-up.
    await Promise.all(pages.slice(0, threads * 20).map((p) => pool.extract(p.html, p.url, {}).catch(() => undefined)));
    const started = performance.now();
    let done = 0;
    await Promise.all(
      pages.map((p) =>
        pool
          .extract(p.html, p.url, {})
          .catch(() => undefined)
          .finally(() => progress(label, ++done, pages.length)),
      ),
    );
    return pages.length / ((performance.now() - started) / 1000);
  } finally {
    await pool.close();
  }
}

const TIMED_PAGES_PER_FIGURE = 1000;
const MAX_ROUNDS = 5;
const rounds = Math.min(MAX_ROUNDS, Math.max(1, Math.ceil(TIMED_PAGES_PER_FIGURE / Math.max(1, pages.length))));
const threadCounts = threadsArg.split(',').map(Number);
const samples = new Map<number, number[]>(threadCounts.map((threads) => [threads, []]));
for (let round = 1; round <= rounds; round++) {
  for (const threads of threadCounts) samples.get(threads)?.push(await throughput(threads, `${threads} thread(s), round ${round}/${rounds}`));
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const result: Record<string, number> = {};
for (const [threads, values] of samples) result[threads] = median(values);
console.log(JSON.stringify(result));

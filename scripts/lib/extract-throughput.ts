/**
 * Child process of bench:extract: pages/s of the full pipeline on extraction threads, in a process started
 * with the same Node flags as the API and the worker (EXTRACTION_PROCESS_NODE_FLAGS), since those flags
 * change how much CPU the threads' garbage costs.
 *   node <flags> --import tsx scripts/lib/extract-throughput.ts <set dir> <limit> <threads,...>
 * Progress on stderr, one JSON line on stdout: { "<threads>": pages/s, … }.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeBody } from '../../src/extraction/decode.js';
import { threadExtractor } from '../../src/extraction/thread-pool.js';
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

async function throughput(threads: number): Promise<number> {
  const pool = threadExtractor(threads);
  try {
    // Warm every thread (JIT, the piece cache, the BPE ranks) as a long-running worker is, then time
    // two passes over the set: steady-state throughput, not thread start-up.
    await Promise.all(pages.slice(0, threads * 20).map((p) => pool.extract(p.html, p.url, {}).catch(() => undefined)));
    const timed = [...pages, ...pages];
    const started = performance.now();
    let done = 0;
    await Promise.all(
      timed.map((p) =>
        pool
          .extract(p.html, p.url, {})
          .catch(() => undefined)
          .finally(() => progress(`${threads} thread(s)`, ++done, timed.length)),
      ),
    );
    return timed.length / ((performance.now() - started) / 1000);
  } finally {
    await pool.close();
  }
}

const result: Record<string, number> = {};
for (const threads of threadsArg.split(',').map(Number)) result[threads] = await throughput(threads);
console.log(JSON.stringify(result));

/**
 * npm run bench:extract [-- --limit N] [-- --sets scrapinghub,wcxb-dev] [-- --rounds R] [-- --per-page <prefix>]
 * For each shared benchmark set: F1 of the full pipeline (shared scorer), ms per page of the full pipeline
 * (all formats) against the best peer, rs-trafilatura with Markdown output, on the same pages in the same
 * run (the target: Pith's mean at most 2.0× the peer's), ms per page of Readability alone on
 * linkedom, and pages/s of the full pipeline on 1 and 2 worker threads (in a child process started with
 * the API's and worker's Node flags, src/extraction/threads/process-flags.ts). Progress on stderr, one
 * JSON line of figures per set on stdout. `--per-page <prefix>` also writes `<prefix>-<set>.json`: each
 * page's id, HTML length and median ms on both sides, to find the pages that make the ratio.
 *
 * Pith against the peer, whole process, one thread, wall time per page on each side:
 * - Pith: `extractHtml(html, url)` with every format (markdown, html, links, blocks, chunks, metadata,
 *   metrics with the page's token count) and its plain text, on this process's main thread. It includes
 *   parsing the HTML (linkedom); it excludes reading, gunzip and charset decoding. This process runs with
 *   the extraction processes' flags (re-started with them when missing): `--single-threaded-gc` puts V8's
 *   collector on the timed thread, so no garbage is collected off the clock on the second core,
 *   `--no-allocation-site-pretenuring` as the service runs (process-flags.ts); and its
 *   main thread gets the young generation the service's extraction threads run with (32 MB semi-spaces,
 *   `--max-semi-space-size`, as thread-pool.ts's resourceLimits give each thread).
 * - Peer: peer-extract.py's own per-page `run(html, url)` — for `rs-trafilatura-md`,
 *   `rs_trafilatura.extract(html, url=url, output_markdown=True)`: parsing, main content, Markdown and
 *   metadata — timed with perf_counter by scripts/peer-times.py in the .tools/peers virtualenv
 *   (ensurePeers), on the same decoded HTML and the same address Pith gets. It excludes reading, gunzip,
 *   decoding and the Python start-up. rs-trafilatura is single-threaded.
 * Both sides run the same ten pages untimed first in each round. Then, in each round, the two sides take
 * turns over the set ten pages at a time (Pith's ten, the peer's same ten, the next ten peer first), so a
 * slow or quick spell of a shared machine falls on both sides of the ratio; whole rounds in turn (Pith's
 * ~7 s, then the peer's) read 1.55× to 2.49× for the same code within two hours on scrapinghub.
 * `pith_over_peer` is the ratio of the means (and of the p50s) of the per-page times, and `by_round` the
 * ratio of means of each round alone (its spread is the run's own noise).
 *
 * Per-page times: every page is timed once per round (the pipeline and the peer in turns, then Readability
 * alone over all pages), over R rounds (default 3); a page's time is its median over the rounds,
 * so a burst of load from elsewhere on a shared machine moves one sample, not the figure. Each round starts
 * from the same state (token-count caches emptied, then ten pages untimed): no round counts pieces it saw
 * in the round before.
 */
import { type ChildProcessByStdio, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Readability } from '@mozilla/readability';
import { parseDocument } from '../src/extraction/dom/dom.js';
import { decodeBody } from '../src/extraction/decode.js';
import { extractHtml } from '../src/extraction/extract.js';
import { forgetTokenCounts } from '../src/extraction/tokens/tokens.js';
import { EXTRACTION_PROCESS_NODE_FLAGS, MAIN_THREAD_EXTRACTION_FLAGS } from '../src/extraction/threads/process-flags.js';
import { percentile, round } from './lib/bench-figures.js';
import { projectRoot } from './lib/paths.js';
import { savedPageUrl } from './lib/saved-page-url.js';
import { ensurePeers } from './lib/tools.js';

// Pith's per-page times are read on this thread: restart with the extraction processes' GC flags and the
// extraction threads' young generation if missing.
const TIMED_THREAD_FLAGS = [...EXTRACTION_PROCESS_NODE_FLAGS, ...MAIN_THREAD_EXTRACTION_FLAGS];
if (!TIMED_THREAD_FLAGS.every((flag) => process.execArgv.includes(flag))) {
  const restarted = spawnSync(process.execPath, [...TIMED_THREAD_FLAGS, ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(restarted.status ?? 1);
}

const benchmarks = path.resolve(projectRoot, '..', 'shared', 'benchmarks', 'extraction');
const PEER = 'rs-trafilatura-md';
const peerScript = path.join(benchmarks, 'peers', 'peer-extract.py');
const limitArg = process.argv.indexOf('--limit');
const limit = limitArg > 0 ? Number(process.argv[limitArg + 1]) : Infinity;
const roundsArg = process.argv.indexOf('--rounds');
const rounds = roundsArg > 0 ? Math.max(1, Number(process.argv[roundsArg + 1]) || 1) : 3;
const perPageArg = process.argv.indexOf('--per-page');
const perPagePrefix = perPageArg > 0 ? process.argv[perPageArg + 1] : undefined;
if (perPageArg > 0 && (!perPagePrefix || perPagePrefix.startsWith('--'))) {
  console.error('--per-page needs a file prefix: <prefix>-<set>.json gets each page\'s times');
  process.exit(2);
}
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

const mean = (values: number[]) => values.reduce((sum, x) => sum + x, 0) / Math.max(1, values.length);
/** Mean, p50 and p95 of per-page times, rounded. */
const msFigures = (values: number[]) => ({ mean: round(mean(values)), p50: round(percentile(values, 50)), p95: round(percentile(values, 95)) });

function progress(label: string, done: number, total: number): void {
  if (done % 50 === 0 || done === total) process.stderr.write(`\r  ${label}: ${done}/${total}   `);
  if (done === total) process.stderr.write('\n');
}

/** The shared scorer's figures for a predictions file. */
function score(set: string, predictionsFile: string): { f1?: number; precision?: number; recall?: number; by_type?: unknown } {
  const output = execFileSync(process.execPath, [path.join(benchmarks, 'score.mjs'), path.join(benchmarks, set), predictionsFile], { encoding: 'utf8' });
  return JSON.parse(output.trim().split('\n').pop() ?? '{}');
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

/** Pages a side times before the other side times the same pages. */
const STRETCH = 10;

/**
 * The peer in its own process for the whole set (scripts/peer-times.py): told which pages to time, one
 * stretch at a time, between Pith's stretches.
 */
class PeerTimes {
  private readonly child: ChildProcessByStdio<Writable, Readable, null>;
  private readonly replies: AsyncIterator<string>;

  constructor(
    python: string,
    pagesFile: string,
    private readonly outFile: string,
  ) {
    this.child = spawn(python, [path.join(projectRoot, 'scripts', 'peer-times.py'), peerScript, PEER, pagesFile, outFile], { stdio: ['pipe', 'pipe', 'inherit'] });
    this.replies = createInterface({ input: this.child.stdout })[Symbol.asyncIterator]();
  }

  private async ask(command: string): Promise<{ ms?: number[] }> {
    this.child.stdin.write(`${command}\n`);
    const reply = await this.replies.next();
    if (reply.done) throw new Error(`peer-times.py ended before answering "${command}"`);
    return JSON.parse(reply.value) as { ms?: number[] };
  }

  async warm(): Promise<void> {
    await this.ask('warm');
  }

  /** Its time for each of pages [start, end). */
  async time(start: number, end: number): Promise<number[]> {
    const { ms } = await this.ask(`time ${start} ${end}`);
    if (ms?.length !== end - start) throw new Error(`peer-times.py answered "time ${start} ${end}" with ${ms?.length ?? 'no'} times`);
    return ms;
  }

  /** Its predictions (the last run of each page); ends the process. */
  async finish(): Promise<Record<string, unknown>> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.stdin.end('done\n');
    const code = await exited;
    if (code !== 0) throw new Error(`peer-times.py exited with ${String(code)}`);
    return (JSON.parse(readFileSync(this.outFile, 'utf8')) as { predictions: Record<string, unknown> }).predictions;
  }
}

async function bench(set: string, peerPython: string) {
  process.stderr.write(`${set}: loading pages\n`);
  const pages = loadPages(set);
  // The peer reads the very strings Pith is given.
  const pagesFile = path.join(scratch, `${set}-pages.jsonl`);
  writeFileSync(pagesFile, pages.map((page) => JSON.stringify(page)).join('\n') + '\n');
  // samples[page] = times of that page, one per round
  const readabilitySamples: number[][] = pages.map(() => []);
  const pipelineSamples: number[][] = pages.map(() => []);
  const peerSamples: number[][] = pages.map(() => []);
  const predictions: Record<string, { text: string }> = {};
  const peer = new PeerTimes(peerPython, pagesFile, path.join(scratch, `${set}-peer-out.json`));
  const timePith = (index: number): void => {
    const page = pages[index]!;
    const t = performance.now();
    let text = '';
    try {
      text = extractHtml(page.html, page.url).text;
    } catch {
      /* no_content: scored as empty */
    }
    pipelineSamples[index]?.push(performance.now() - t);
    predictions[page.id] = { text };
  };
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
    await peer.warm();
    // Stretch by stretch, each side in turn going first.
    for (let start = 0; start < pages.length; start += STRETCH) {
      const end = Math.min(pages.length, start + STRETCH);
      const pithFirst = (start / STRETCH) % 2 === 0;
      if (pithFirst) for (let index = start; index < end; index++) timePith(index);
      const peerMs = await peer.time(start, end);
      if (!pithFirst) for (let index = start; index < end; index++) timePith(index);
      peerMs.forEach((ms, k) => peerSamples[start + k]?.push(ms));
      progress(`pipeline and ${PEER}, round ${pass}/${rounds}`, end, pages.length);
    }
    // Readability alone after the pipeline: interleaved page by page, the garbage of each Readability
    // parse fell due inside the next page's timed pipeline (~6% of it on WCXB dev).
    pages.forEach((page, index) => {
      const t = performance.now();
      try {
        new Readability(parseDocument(page.html) as unknown as Document).parse();
      } catch {
        /* Readability 0.6.0 throws on a few pages (null tagName in _grabArticle); its time still counts */
      }
      readabilitySamples[index]?.push(performance.now() - t);
      progress(`Readability alone, round ${pass}/${rounds}`, index + 1, pages.length);
    });
  }
  const peerPredictions = await peer.finish();
  const readabilityMs = readabilitySamples.map((samples) => percentile(samples, 50));
  const pipelineMs = pipelineSamples.map((samples) => percentile(samples, 50));
  const peerMs = peerSamples.map((samples) => percentile(samples, 50));
  // Where the ratio comes from: each page's median times on both sides and its size (the outliers to profile).
  if (perPagePrefix) {
    const perPage = pages.map((page, index) => ({ id: page.id, chars: page.html.length, pith_ms: round(pipelineMs[index] ?? 0), peer_ms: round(peerMs[index] ?? 0) }));
    writeFileSync(`${perPagePrefix}-${set}.json`, JSON.stringify(perPage, null, 1));
  }
  const predictionsFile = path.join(scratch, `${set}.json`);
  writeFileSync(predictionsFile, JSON.stringify(predictions));
  const pithScore = score(set, predictionsFile);
  const peerPredictionsFile = path.join(scratch, `${set}-${PEER}.json`);
  writeFileSync(peerPredictionsFile, JSON.stringify(peerPredictions));
  const peerScore = score(set, peerPredictionsFile);
  const { 1: oneThread, 2: twoThreads } = threadThroughput(set);
  const p50Pipeline = percentile(pipelineMs, 50);
  const p50Readability = percentile(readabilityMs, 50);
  // The scorer averages over every page of the set: a --limit run has no comparable F1.
  const full = !Number.isFinite(limit);
  return {
    set,
    pages: pages.length,
    f1: full ? pithScore.f1 : null,
    precision: full ? pithScore.precision : null,
    recall: full ? pithScore.recall : null,
    ...(pithScore.by_type ? { f1_by_type: pithScore.by_type } : {}),
    pipeline_ms: msFigures(pipelineMs),
    peer: { extractor: PEER, ms: msFigures(peerMs), f1: full ? peerScore.f1 : null },
    pith_over_peer: {
      mean: round(mean(pipelineMs) / mean(peerMs), 2),
      p50: round(p50Pipeline / percentile(peerMs, 50), 2),
      // Each round's own ratio of means: how far load from elsewhere moved the figure within this run.
      by_round: Array.from({ length: rounds }, (_, pass) => round(mean(pipelineSamples.map((s) => s[pass] ?? 0)) / mean(peerSamples.map((s) => s[pass] ?? 0)), 2)),
    },
    readability_only_ms: { p50: round(p50Readability), p95: round(percentile(readabilityMs, 95)) },
    pipeline_over_readability_p50: round(p50Pipeline / p50Readability, 2),
    timing_rounds: rounds,
    pages_per_s: { threads_1: round(oneThread), threads_2: round(twoThreads), speedup: round(twoThreads / oneThread, 2), node_flags: EXTRACTION_PROCESS_NODE_FLAGS },
  };
}

const setsArg = process.argv.indexOf('--sets');
const sets = setsArg > 0 ? (process.argv[setsArg + 1] ?? '').split(',') : ['scrapinghub', 'wcxb-dev'];
const peerPython = await ensurePeers();
try {
  for (const set of sets) {
    const figures = await bench(set, peerPython);
    console.log(JSON.stringify(figures));
    const { pipeline_ms: pith, peer, pith_over_peer: ratio, pages_per_s: rate } = figures;
    process.stderr.write(
      `${set}: Pith ${pith.mean} ms/page mean, ${pith.p50} p50; ${PEER} ${peer.ms.mean} mean, ${peer.ms.p50} p50; ` +
        `Pith/peer ${ratio.mean}× mean, ${ratio.p50}× p50 (target ≤ 2.0×; by round ${ratio.by_round.join('×, ')}×); ${rate.threads_1} pages/s on 1 thread, ${rate.threads_2} on 2\n`,
    );
  }
} finally {
  // The pages files and both sides' predictions: ~500 MB a full run.
  rmSync(scratch, { recursive: true, force: true });
}

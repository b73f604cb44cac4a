/**
 * npm run bench:soak [-- --minutes 10 --extract-rps 1 --usage-rps 4 --bulk-every-s 2 --bulk-urls 5]
 * Ten minutes of steady mixed traffic against the whole service on this machine (fresh PostgreSQL, a
 * Temporal dev server, Pith's worker and API processes; real pages on a loopback site): POST /extract,
 * POST /bulk submissions and their polls (GET /bulk/{id} every second until done), GET /usage. Open loop:
 * every request is sent at its scheduled time whether or not earlier ones have returned.
 * Before the timed traffic, one page is rendered through the API and one through the worker, so that code
 * loaded once (the renderer's) is not read as growth.
 * Reports throughput, p50/p99 per route, errors, the RSS of the API and the worker sampled each minute
 * (with where it goes: memory-report.ts) and its trend, and jobs left unfinished. Then, traffic stopped:
 * heap snapshots of each process's main thread and extraction threads, summarised (what is alive), and
 * the pages POST /extract was asked for, extracted again in this process one at a time with nothing else
 * running — the p99 the service's is compared with.
 * Targets (issue 26), printed with a verdict each: no errors, no job left; at the end worker RSS ≤ 600 MB
 * and API RSS ≤ 400 MB; the RSS trend over the last 15 minutes (the second half of a shorter soak) within
 * ±2 MB/min; POST /extract p99 ≤ 2× the in-process p99.
 * Progress on stderr each minute, one JSON line of figures on stdout.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { step } from './lib/log.js';
import { waitUntil } from './lib/ports.js';
import { numberArg, percentile, round } from './lib/bench-figures.js';
import { loadBenchPages, serveBenchPages, startBenchService } from './lib/bench-service.js';
import type { MemoryReportLine } from '../src/observability/memory-report.js';
import { summarizeHeapSnapshot, type HeapSummary } from './lib/heap-summary.js';
import { parseServerTiming } from '../src/observability/phases.js';
import { parseConfig, userAgent } from '../src/config/config.js';
import { extractUrl } from '../src/extraction/index.js';
import { threadExtractor } from '../src/extraction/threads/thread-pool.js';

const arg = numberArg;
const minutes = arg('minutes', 10);
const extractRps = arg('extract-rps', 1);
const usageRps = arg('usage-rps', 4);
const bulkEveryS = arg('bulk-every-s', 2);
const bulkUrls = arg('bulk-urls', 5);


/** Resident memory of a process in MB (Linux /proc). */
function rssMb(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return round(kb / 1024);
  } catch {
    return 0;
  }
}

/** A process's memory by part (memory-report.ts), MB: main-thread heap, extraction-thread heaps, and the rest of RSS. */
interface MemoryBreakdown {
  rss: number;
  main_heap_used: number;
  main_heap_total: number;
  /** The main heap's spaces (resident): young generation, old, large objects, code. */
  main_spaces: MemoryReportLine['main']['spaces_mb'] | undefined;
  threads_heap_used: number;
  threads_heap_total: number;
  array_buffers: number;
  /** RSS not in any V8 heap nor in buffers: native allocations (the Temporal core, Prisma's engine, malloc), code, stacks. */
  native_and_other: number;
}

/** The last line a process wrote to its memory report, as parts of its RSS. */
function lastBreakdown(dir: string, name: string, pid: number | undefined): MemoryBreakdown | null {
  if (pid === undefined) return null;
  let lines: string[];
  try {
    lines = readFileSync(path.join(dir, `memory-${name}-${pid}.jsonl`), 'utf8').trim().split('\n');
  } catch {
    return null;
  }
  const line = JSON.parse(lines.at(-1)!) as MemoryReportLine;
  const threadsUsed = line.threads.reduce((sum, t) => sum + t.heap_used_mb, 0);
  const threadsTotal = line.threads.reduce((sum, t) => sum + t.heap_total_mb, 0);
  return {
    rss: line.rss_mb,
    main_heap_used: line.main.heap_used_mb,
    main_heap_total: line.main.heap_total_mb,
    main_spaces: line.main.spaces_mb,
    threads_heap_used: round(threadsUsed),
    threads_heap_total: round(threadsTotal),
    array_buffers: line.array_buffers_mb,
    native_and_other: round(line.rss_mb - line.main.heap_total_mb - threadsTotal - line.array_buffers_mb),
  };
}

const describeBreakdown = (b: MemoryBreakdown | null) =>
  b
    ? `RSS ${b.rss} MB = main heap ${b.main_heap_total} (used ${b.main_heap_used}${b.main_spaces ? `; new ${b.main_spaces.new}, old ${b.main_spaces.old}, large objects ${b.main_spaces.large_object}, code ${b.main_spaces.code}` : ''}) + thread heaps ${b.threads_heap_total} (used ${b.threads_heap_used}) + buffers ${b.array_buffers} + native/other ${b.native_and_other}`
    : 'no memory report yet';

/** Least-squares slope of samples taken once a minute, in MB per minute. */
function slope(samples: number[]): number {
  const n = samples.length;
  if (n < 2) return 0;
  const meanX = (n - 1) / 2;
  const meanY = samples.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  samples.forEach((y, x) => {
    num += (x - meanX) * (y - meanY);
    den += (x - meanX) ** 2;
  });
  return round(num / den, 2);
}

/** Asks a process for heap snapshots (SIGUSR2, memory-report.ts) and summarises each one. */
async function heapSnapshots(dir: string, name: string, pid: number | undefined): Promise<Record<string, HeapSummary> | null> {
  if (pid === undefined) return null;
  const listing = path.join(dir, `heap-${name}-${pid}.json`);
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 600_000; // a main heap of a few hundred MB takes minutes to write
  while (!existsSync(listing)) {
    if (Date.now() > deadline) return null;
    await new Promise((r) => setTimeout(r, 500));
  }
  const { files } = JSON.parse(readFileSync(listing, 'utf8')) as { files: string[] };
  return Object.fromEntries(files.map((file) => [/-(main|thread-\d+)\.heapsnapshot$/.exec(file)?.[1] ?? file, summarizeHeapSnapshot(file, 8)]));
}

interface RouteStats {
  latencies: number[];
  errors: number;
  statuses: Record<string, number>;
  /** Pages that could not be extracted (the page's outcome, answered in the envelope): not service errors. */
  page_outcomes: Record<string, number>;
}

/** Codes that describe the fetched page, not the service: a real page can legitimately end this way. */
const PAGE_OUTCOMES = new Set(['no_content', 'target_http_error', 'target_timeout', 'fetch_failed']);

const scratch = mkdtempSync(path.join(tmpdir(), 'pith-bench-soak-'));
chmodSync(scratch, 0o755);
const stops: (() => Promise<void>)[] = [];
try {
  const pages = loadBenchPages();
  const site = await serveBenchPages(pages);
  stops.push(site.close);
  step('Starting PostgreSQL, the Temporal dev server, the worker and the API');
  // Each process writes where its memory goes (memory-report.ts) every 15 s; read at each minute below.
  const memoryDir = path.join(scratch, 'memory');
  const service = await startBenchService(scratch, { MEMORY_REPORT_DIR: memoryDir, MEMORY_REPORT_MS: '15000' });
  stops.unshift(service.stop);
  const { key } = await service.enterpriseAccount('soak@example.com');
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

  const stats = new Map<string, RouteStats>();
  const record = (route: string, ms: number, status: number | 'network', code?: string) => {
    const s = stats.get(route) ?? { latencies: [], errors: 0, statuses: {}, page_outcomes: {} };
    stats.set(route, s);
    s.latencies.push(ms);
    s.statuses[String(status)] = (s.statuses[String(status)] ?? 0) + 1;
    if (code && PAGE_OUTCOMES.has(code)) s.page_outcomes[code] = (s.page_outcomes[code] ?? 0) + 1;
    else if (status === 'network' || status >= 400) s.errors++;
  };
  const call = async (route: string, url: string, init: RequestInit = {}): Promise<unknown> => {
    const started = performance.now();
    try {
      const response = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(60_000) });
      const body = (await response.json()) as { error?: { code?: string } };
      const ms = performance.now() - started;
      record(route, ms, response.status, response.ok ? undefined : body.error?.code);
      if (route === 'POST /extract') extractTimings.push({ ms, phases: parseServerTiming(response.headers.get('server-timing')) });
      return response.ok ? body : undefined;
    } catch {
      record(route, performance.now() - started, 'network');
      return undefined;
    }
  };

  const pending = new Set<string>();
  const extractedUrls: string[] = [];
  const extractTimings: { ms: number; phases: Record<string, number> }[] = [];
  const submitted: string[] = [];
  let page = 0;
  const nextUrl = () => site.url(page++ % pages.length);
  const operations: { every: number; run: () => void }[] = [
    { every: 1000 / usageRps, run: () => void call('GET /usage', `${service.base}/usage`) },
    {
      every: 1000 / extractRps,
      run: () => {
        const url = nextUrl();
        extractedUrls.push(url);
        void call('POST /extract', `${service.base}/extract`, { method: 'POST', body: JSON.stringify({ url }) });
      },
    },
    {
      every: bulkEveryS * 1000,
      run: () =>
        void call('POST /bulk', `${service.base}/bulk`, { method: 'POST', body: JSON.stringify({ urls: Array.from({ length: bulkUrls }, nextUrl) }) }).then((job) => {
          const id = (job as { job_id?: string } | undefined)?.job_id;
          if (id) {
            pending.add(id);
            submitted.push(id);
          }
        }),
    },
    {
      every: 1000,
      run: () => {
        for (const id of pending) {
          void call('GET /bulk/{job_id}', `${service.base}/bulk/${id}?limit=1`).then((job) => {
            const status = (job as { status?: string } | undefined)?.status;
            if (status && !['queued', 'running'].includes(status)) pending.delete(id);
          });
        }
      },
    },
  ];

  const memory: { minute: number; api_mb: number; worker_mb: number }[] = [];
  const breakdown: { minute: number; api: MemoryBreakdown | null; worker: MemoryBreakdown | null }[] = [];
  const sample = (minute: number) => {
    memory.push({ minute, api_mb: rssMb(service.api.child.pid), worker_mb: rssMb(service.worker.child.pid) });
    breakdown.push({ minute, api: lastBreakdown(memoryDir, 'api', service.api.child.pid), worker: lastBreakdown(memoryDir, 'worker', service.worker.child.pid) });
  };
  // Code each process loads once is loaded before anything is measured: one rendered page through the
  // API and one through the worker. The renderer's client (Playwright's two bundles, ~13 MB of source held
  // in V8's large-object space, plus their compiled code) otherwise arrives with the first app-shell page,
  // as a step the trend reads as growth (a 30-minute run: API 358 → 397 MB at minute 20, flat after).
  step('Warm-up: one page rendered through the API and one through the worker');
  await fetch(`${service.base}/extract`, { method: 'POST', headers, body: JSON.stringify({ url: site.url(0), render_js: true }) }).then((r) => r.arrayBuffer());
  const warmJob = (await (await fetch(`${service.base}/bulk`, { method: 'POST', headers, body: JSON.stringify({ urls: [site.url(1)], render_js: true }) })).json()) as { job_id: string };
  await waitUntil('the warm-up job', async () => !['queued', 'running'].includes(((await (await fetch(`${service.base}/bulk/${warmJob.job_id}?limit=1`, { headers })).json()) as { status: string }).status), 120_000, 250);
  sample(0);
  step(`Soak: ${minutes} min — GET /usage ${usageRps}/s, POST /extract ${extractRps}/s, POST /bulk of ${bulkUrls} URLs every ${bulkEveryS} s, each job polled every second`);
  const t0 = performance.now();
  const durationMs = minutes * 60_000;
  const due = operations.map(() => t0);
  let nextMinute = 1;
  while (performance.now() - t0 < durationMs) {
    const now = performance.now();
    operations.forEach((op, i) => {
      while ((due[i] as number) <= now) {
        op.run();
        due[i] = (due[i] as number) + op.every;
      }
    });
    if (now - t0 >= nextMinute * 60_000) {
      sample(nextMinute);
      const errors = [...stats.values()].reduce((sum, s) => sum + s.errors, 0);
      const last = memory.at(-1)!;
      step(`… minute ${nextMinute}/${minutes}: ${[...stats.values()].reduce((sum, s) => sum + s.latencies.length, 0)} requests, ${errors} errors, jobs ${submitted.length - pending.size}/${submitted.length} done, RSS api ${last.api_mb} MB worker ${last.worker_mb} MB`);
      const parts = breakdown.at(-1)!;
      step(`    api: ${describeBreakdown(parts.api)}`);
      step(`    worker: ${describeBreakdown(parts.worker)}`);
      nextMinute++;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const elapsedS = (performance.now() - t0) / 1000;
  if (nextMinute <= minutes) sample(minutes); // the end, under traffic

  step(`Traffic stopped; waiting up to 3 min for the ${pending.size} unfinished job(s)`);
  const drainDeadline = Date.now() + 180_000;
  while (pending.size > 0 && Date.now() < drainDeadline) {
    for (const id of [...pending]) {
      const job = await service.db.job.findUnique({ where: { id }, select: { status: true } });
      if (job && !['queued', 'running'].includes(job.status)) pending.delete(id);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }

  // What is alive in each heap (after a full collection), against the heap sizes above: the rest is garbage.
  step('Heap snapshots of the API and the worker (main thread and each extraction thread)');
  const snapshots = {
    api: await heapSnapshots(memoryDir, 'api', service.api.child.pid),
    worker: await heapSnapshots(memoryDir, 'worker', service.worker.child.pid),
  };
  for (const [name, parts] of Object.entries(snapshots)) {
    for (const [part, summary] of Object.entries(parts ?? {})) {
      step(`    ${name} ${part}: ${summary.live_mb} MB alive — ${summary.top.slice(0, 5).map((g) => `${g.name} ${g.mb}`).join(', ')}`);
      step(`      largest: ${summary.largest.slice(0, 4).map((l) => `${l.type} ${l.mb} MB "${l.name}"`).join('; ')}`);
    }
  }

  // The same pages POST /extract was asked for, in this process, one at a time, nothing else running.
  step(`In-process baseline: the ${extractedUrls.length} pages POST /extract was asked for, one at a time`);
  const cfg = parseConfig({ ...process.env, ALLOW_PRIVATE_TARGETS: 'true' });
  const extractor = threadExtractor(Math.max(1, cfg.EXTRACTION_THREADS));
  const inProcess: number[] = [];
  try {
    const options = { allowPrivate: true, timeoutMs: cfg.FETCH_TIMEOUT_MS, maxBytes: cfg.FETCH_MAX_BYTES, userAgent: userAgent(cfg), extractor };
    for (const url of extractedUrls.slice(0, 20)) await extractUrl(url, options).catch(() => undefined); // warm-up
    for (const url of extractedUrls) {
      const started = performance.now();
      await extractUrl(url, options).catch(() => undefined);
      inProcess.push(performance.now() - started);
    }
  } finally {
    await extractor.close();
  }

  const failedJobs = await service.db.job.count({ where: { id: { in: submitted }, status: { in: ['failed', 'cancelled'] } } });
  const failedEntries = await service.db.jobResult.count({ where: { jobId: { in: submitted }, ok: false } });

  const routes = Object.fromEntries(
    [...stats.entries()].map(([route, s]) => [
      route,
      {
        requests: s.latencies.length,
        per_s: round(s.latencies.length / elapsedS, 2),
        p50_ms: round(percentile(s.latencies, 50)),
        p99_ms: round(percentile(s.latencies, 99)),
        errors: s.errors,
        statuses: s.statuses,
        ...(Object.keys(s.page_outcomes).length ? { page_outcomes: s.page_outcomes } : {}),
      },
    ]),
  );
  // The first minute holds the warm-up (JIT, pools, caches); heaps then grow to their working size, so
  // the trend that matters is the second half's: a leak keeps climbing there, a working set levels off.
  const steady = memory.filter((m) => m.minute >= 1);
  const secondHalf = memory.filter((m) => m.minute >= minutes / 2);
  const lastWindow = memory.filter((m) => m.minute >= Math.max(minutes - 15, minutes / 2));
  const end = memory.at(-1)!;
  const trend = { api: slope(lastWindow.map((m) => m.api_mb)), worker: slope(lastWindow.map((m) => m.worker_mb)) };
  const extractP99 = percentile(stats.get('POST /extract')?.latencies ?? [], 99);
  // What the slowest POST /extract answers waited on (Server-Timing), against all of them: mean ms per phase;
  // `outside` is the client's time not spent inside the app (connection, queueing for the event loop, transfer).
  const phaseMeans = (rows: typeof extractTimings) => {
    const sums: Record<string, number> = {};
    for (const { ms, phases } of rows) {
      for (const [name, value] of Object.entries(phases)) sums[name] = (sums[name] ?? 0) + value;
      sums.outside = (sums.outside ?? 0) + ms - (phases.total ?? ms);
      sums.client = (sums.client ?? 0) + ms;
    }
    return Object.fromEntries(Object.entries(sums).map(([name, sum]) => [name, round(sum / Math.max(1, rows.length))]));
  };
  const tailFrom = percentile(extractTimings.map((t) => t.ms), 95);
  const extractPhases = { all: phaseMeans(extractTimings), slowest_5_percent: phaseMeans(extractTimings.filter((t) => t.ms >= tailFrom)) };
  const inProcessP99 = percentile(inProcess, 99);
  const figures = {
    minutes,
    requests: [...stats.values()].reduce((sum, s) => sum + s.latencies.length, 0),
    requests_per_s: round([...stats.values()].reduce((sum, s) => sum + s.latencies.length, 0) / elapsedS, 1),
    errors: [...stats.values()].reduce((sum, s) => sum + s.errors, 0),
    routes,
    jobs: { submitted: submitted.length, unfinished: pending.size, failed: failedJobs, failed_url_entries: failedEntries },
    rss_mb: memory,
    memory_breakdown: breakdown,
    rss_trend_mb_per_min: {
      after_warmup: { api: slope(steady.map((m) => m.api_mb)), worker: slope(steady.map((m) => m.worker_mb)) },
      second_half: { api: slope(secondHalf.map((m) => m.api_mb)), worker: slope(secondHalf.map((m) => m.worker_mb)) },
      last_15_min: trend,
    },
    heap_snapshots: snapshots,
    extract_phases_mean_ms: extractPhases,
    in_process_extract: { pages: inProcess.length, p50_ms: round(percentile(inProcess, 50)), p99_ms: round(inProcessP99) },
    targets: {
      worker_rss_end_mb: { value: end.worker_mb, target: '<= 600', met: end.worker_mb <= 600 },
      api_rss_end_mb: { value: end.api_mb, target: '<= 400', met: end.api_mb <= 400 },
      worker_trend_mb_per_min: { value: trend.worker, target: 'within ±2 over the last 15 min', met: Math.abs(trend.worker) <= 2 },
      api_trend_mb_per_min: { value: trend.api, target: 'within ±2 over the last 15 min', met: Math.abs(trend.api) <= 2 },
      extract_p99_over_in_process: { value: round(extractP99 / inProcessP99, 2), target: '<= 2', met: extractP99 <= 2 * inProcessP99 },
    },
  };
  console.log(JSON.stringify(figures));
  for (const [name, t] of Object.entries(figures.targets)) step(`${t.met ? 'met    ' : 'NOT met'} ${name}: ${t.value} (target ${t.target})`);
  step(`POST /extract p99 ${round(extractP99)} ms under load; in-process p99 ${round(inProcessP99)} ms`);
  step(`POST /extract phases, mean ms — all: ${JSON.stringify(extractPhases.all)}; slowest 5%: ${JSON.stringify(extractPhases.slowest_5_percent)}`);
  const verdict = figures.errors === 0 && figures.jobs.unfinished === 0 && figures.jobs.failed === 0;
  step(verdict ? 'No errors, no job left unfinished' : 'Errors or unfinished jobs: see the figures');
  process.exitCode = verdict ? 0 : 1;
} finally {
  for (const stop of stops) await stop().catch(() => undefined);
  rmSync(scratch, { recursive: true, force: true });
}

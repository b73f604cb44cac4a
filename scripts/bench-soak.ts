/**
 * npm run bench:soak [-- --minutes 10 --extract-rps 1 --usage-rps 4 --bulk-every-s 2 --bulk-urls 5]
 * Ten minutes of steady mixed traffic against the whole service on this machine (fresh PostgreSQL, a
 * Temporal dev server, Pith's worker and API processes; real pages on a loopback site): POST /extract,
 * POST /bulk submissions and their polls (GET /bulk/{id} every second until done), GET /usage. Open loop:
 * every request is sent at its scheduled time whether or not earlier ones have returned.
 * Reports throughput, p50/p99 per route, errors, the RSS of the API and the worker sampled each minute
 * with its trend, and jobs left unfinished. Targets: no errors, no upward memory trend, no job left.
 * Progress on stderr each minute, one JSON line of figures on stdout.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { step } from './lib/log.js';
import { numberArg, percentile, round } from './lib/bench-figures.js';
import { loadBenchPages, serveBenchPages, startBenchService } from './lib/bench-service.js';
import type { MemoryReportLine } from '../src/observability/memory-report.js';

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
    threads_heap_used: round(threadsUsed),
    threads_heap_total: round(threadsTotal),
    array_buffers: line.array_buffers_mb,
    native_and_other: round(line.rss_mb - line.main.heap_total_mb - threadsTotal - line.array_buffers_mb),
  };
}

const describeBreakdown = (b: MemoryBreakdown | null) =>
  b
    ? `RSS ${b.rss} MB = main heap ${b.main_heap_total} (used ${b.main_heap_used}) + thread heaps ${b.threads_heap_total} (used ${b.threads_heap_used}) + buffers ${b.array_buffers} + native/other ${b.native_and_other}`
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
      record(route, performance.now() - started, response.status, response.ok ? undefined : body.error?.code);
      return response.ok ? body : undefined;
    } catch {
      record(route, performance.now() - started, 'network');
      return undefined;
    }
  };

  const pending = new Set<string>();
  const submitted: string[] = [];
  let page = 0;
  const nextUrl = () => site.url(page++ % pages.length);
  const operations: { every: number; run: () => void }[] = [
    { every: 1000 / usageRps, run: () => void call('GET /usage', `${service.base}/usage`) },
    { every: 1000 / extractRps, run: () => void call('POST /extract', `${service.base}/extract`, { method: 'POST', body: JSON.stringify({ url: nextUrl() }) }) },
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

  step(`Traffic stopped; waiting up to 3 min for the ${pending.size} unfinished job(s)`);
  const drainDeadline = Date.now() + 180_000;
  while (pending.size > 0 && Date.now() < drainDeadline) {
    for (const id of [...pending]) {
      const job = await service.db.job.findUnique({ where: { id }, select: { status: true } });
      if (job && !['queued', 'running'].includes(job.status)) pending.delete(id);
    }
    await new Promise((r) => setTimeout(r, 1000));
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
    },
  };
  console.log(JSON.stringify(figures));
  const verdict = figures.errors === 0 && figures.jobs.unfinished === 0 && figures.jobs.failed === 0;
  step(verdict ? 'No errors, no job left unfinished' : 'Errors or unfinished jobs: see the figures');
  process.exitCode = verdict ? 0 : 1;
} finally {
  for (const stop of stops) await stop().catch(() => undefined);
  rmSync(scratch, { recursive: true, force: true });
}

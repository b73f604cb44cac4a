/**
 * npm run bench:api [-- --rate 500 --seconds 30 --workers 1 --load paced|autocannon --cpu-prof <dir>]
 * An authenticated GET /usage at a steady rate against a real API process (auth, per-second rate
 * limiting and request logging on) backed by a fresh embedded PostgreSQL. Prints p50/p99 latency,
 * throughput, errors and the CPU each side spends per request. The load is spread over 10 Growth
 * accounts (100 req/s each) so that every request goes through the limiter without being refused by it.
 *
 * `--load paced` (default): one request every 1/rate s, open loop (a slow answer never delays the next
 * request), latency counted from each request's scheduled time so that stalls are not hidden
 * (coordinated omission). `--load autocannon`: autocannon's `overallRate`, which gives each of its 50
 * connections a budget per second that it spends back to back: 500 "per second" arrive as a burst of
 * 50 concurrent requests in a fraction of every second, which measures burst drain time, not latency
 * at 500 req/s.
 */
import { mkdtempSync, rmSync, chmodSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import autocannon from 'autocannon';
import { startPostgres } from './lib/postgres.js';
import { migrateDeploy } from './lib/migrate.js';
import { freePort, waitUntil } from './lib/ports.js';
import { startProcess } from './lib/processes.js';
import { projectRoot } from './lib/paths.js';
import { step } from './lib/log.js';
import { createDb } from '../src/db/prisma.js';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const rate = arg('rate', 500);
const seconds = arg('seconds', 30);
const accounts = 10;
const workers = arg('workers', 1);
const loadIndex = process.argv.indexOf('--load');
const load = loadIndex > 0 ? process.argv[loadIndex + 1] : 'paced';
if (load !== 'paced' && load !== 'autocannon') throw new Error('--load must be paced or autocannon');
/** `--cpu-prof <dir>`: write V8 CPU profiles of the API process there (to see where its time goes). */
const cpuProfIndex = process.argv.indexOf('--cpu-prof');
const apiNodeArgs = cpuProfIndex > 0 ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.argv[cpuProfIndex + 1] ?? 'cpu-profiles')}`] : [];

const scratch = mkdtempSync(path.join(tmpdir(), 'pith-bench-api-'));
chmodSync(scratch, 0o755);
step('Starting PostgreSQL and migrating');
const pg = await startPostgres({ dataDir: path.join(scratch, 'pg'), port: await freePort(), database: 'bench', logFile: path.join(scratch, 'pg.log') });
await migrateDeploy(pg.url);
const port = await freePort();
const env = {
  ...process.env,
  PORT: String(port),
  DATABASE_URL: pg.url,
  TEMPORAL_ADDRESS: `127.0.0.1:${await freePort()}`, // not needed by /usage; the client connects lazily
  LOG_LEVEL: 'error',
  REGISTER_LIMIT_PER_HOUR: '1000',
  WEBHOOK_ENCRYPTION_KEY: 'cd'.repeat(32),
  API_WORKERS: String(workers),
};
/**
 * CPU seconds (user + system) used so far by a process and its live descendants (Linux /proc; 0
 * elsewhere): the API with its cluster workers, PostgreSQL with its backends. The API and PostgreSQL
 * sides of the cost of a request, next to the load generator's own.
 */
function treeCpuSeconds(root: number | undefined): number {
  if (root === undefined) return 0;
  const procs = new Map<number, { ppid: number; ticks: number }>();
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields[0] is stat field 3 (state)
        procs.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) }); // ppid, utime, stime
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    return 0;
  }
  const inTree = (pid: number): boolean => {
    for (let cur: number | undefined = pid, hops = 0; cur !== undefined && cur > 1 && hops < 16; cur = procs.get(cur)?.ppid, hops++) {
      if (cur === root) return true;
    }
    return false;
  };
  let ticks = 0;
  for (const [pid, proc] of procs) if (inTree(pid)) ticks += proc.ticks;
  return ticks / 100; // USER_HZ
}

interface LoadResult {
  requests: number;
  achievedRps: number;
  latency: { p50: number; p90: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

interface BenchRequest {
  path: string;
  headers: Record<string, string>;
}

/**
 * Open-loop load at a constant rate over keep-alive connections (at most 50 in flight per the agent;
 * more wait in its queue, and that wait counts): request i is due at t0 + i/rate and its latency runs
 * from that due time to the end of its response.
 */
async function pacedLoad(url: string, requests: BenchRequest[], rps: number, durationS: number): Promise<LoadResult> {
  const { hostname, port: targetPort } = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  const total = Math.round(rps * durationS);
  const interval = 1000 / rps;
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let timeouts = 0;
  let settled = 0;
  const t0 = performance.now() + 10;
  let lastEnd = t0;
  await new Promise<void>((resolve) => {
    const finish = () => {
      if (++settled === total) resolve();
    };
    const fire = (due: number, index: number) => {
      const spec = requests[index % requests.length]!;
      const req = http.get({ agent, host: hostname, port: Number(targetPort), path: spec.path, headers: spec.headers }, (res) => {
        res.resume();
        res.on('end', () => {
          const end = performance.now();
          lastEnd = Math.max(lastEnd, end);
          latencies.push(end - due);
          if ((res.statusCode ?? 0) < 200 || (res.statusCode ?? 0) >= 300) non2xx++;
          finish();
        });
      });
      req.setTimeout(10_000, () => {
        timeouts++;
        req.destroy(new Error('timeout'));
      });
      req.on('error', () => {
        errors++;
        finish();
      });
    };
    let sent = 0;
    const tick = () => {
      const now = performance.now();
      while (sent < total && t0 + sent * interval <= now) {
        fire(t0 + sent * interval, sent);
        sent++;
      }
      if (sent < total) setTimeout(tick, Math.max(0, t0 + sent * interval - performance.now()));
    };
    setTimeout(tick, 10);
  });
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0) * 10) / 10;
  return {
    requests: latencies.length,
    achievedRps: Math.round((latencies.length * 1000) / (lastEnd - t0)),
    latency: { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1) },
    non2xx,
    errors,
    timeouts,
  };
}

async function autocannonLoad(url: string, requests: BenchRequest[], rps: number, durationS: number): Promise<LoadResult> {
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, connections: 50, duration: durationS, overallRate: rps, requests: requests.map((r) => ({ method: 'GET' as const, ...r })) }, (err, res) => (err ? reject(err) : resolve(res)));
  });
  return {
    requests: result.requests.total,
    achievedRps: Math.round(result.requests.average),
    latency: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

step('Starting the API process');
const api = startProcess('api', process.execPath, [...apiNodeArgs, '--import', 'tsx', path.join(projectRoot, 'src/edge/main.ts')], { cwd: projectRoot, env, logFile: path.join(scratch, 'api.log') });
const base = `http://127.0.0.1:${port}`;
try {
  await waitUntil('the API', async () => (await fetch(`${base}/pricing`).catch(() => undefined))?.status === 200, 60_000, 200);
  const db = createDb(pg.url, 2);
  const keys: string[] = [];
  for (let i = 0; i < accounts; i++) {
    const res = await fetch(`${base}/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `bench-${i}@example.com` }) });
    const body = (await res.json()) as { api_key: string; account_id: string };
    await db.account.update({ where: { id: body.account_id }, data: { plan: 'growth' } });
    keys.push(body.api_key);
  }
  await db.$disconnect();

  step(`Warm-up, then GET /usage at ${rate} req/s for ${seconds} s (${load} load)`);
  const requests: BenchRequest[] = keys.map((key) => ({ path: '/usage', headers: { authorization: `Bearer ${key}` } }));
  const run = load === 'paced' ? pacedLoad : autocannonLoad;
  await run(base, requests, Math.min(rate, 200), 3);
  const cpuBefore = { api: treeCpuSeconds(api.child.pid), postgres: treeCpuSeconds(pg.process.child.pid), load: process.cpuUsage() };
  let elapsed = 0;
  const ticker = setInterval(() => step(`… ${(elapsed += 5)} s`), 5000);
  const result = await run(base, requests, rate, seconds).finally(() => clearInterval(ticker));
  const perRequestMs = (seconds: number) => Math.round((seconds * 1e6) / Math.max(1, result.requests)) / 1000;
  const loadCpu = process.cpuUsage(cpuBefore.load);
  const cpu_ms_per_request = {
    api: perRequestMs(treeCpuSeconds(api.child.pid) - cpuBefore.api),
    postgres: perRequestMs(treeCpuSeconds(pg.process.child.pid) - cpuBefore.postgres),
    load_generator: perRequestMs((loadCpu.user + loadCpu.system) / 1e6),
  };
  console.log(
    JSON.stringify({
      route: 'GET /usage (auth + rate limit + request log)',
      api_workers: workers,
      target_rps: rate,
      seconds,
      load,
      achieved_rps: result.achievedRps,
      requests: result.requests,
      latency_ms: result.latency,
      non_2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      cpu_ms_per_request,
    }),
  );
} finally {
  // An API that died under load explains its errors: show the end of its log before the scratch goes.
  const exit = await Promise.race([api.exited, new Promise<undefined>((r) => setTimeout(r, 0))]);
  if (exit !== undefined) {
    console.error(`The API process exited during the run (${exit}); the end of its log:`);
    try {
      console.error(readFileSync(path.join(scratch, 'api.log'), 'utf8').split('\n').slice(-40).join('\n'));
    } catch {
      // no log
    }
  }
  await api.stop('SIGTERM', 10_000);
  await pg.stop();
  rmSync(scratch, { recursive: true, force: true });
}

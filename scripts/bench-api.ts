/**
 * npm run bench:api [-- --rate 500 --seconds 30 --workers 1]
 * An authenticated GET /usage at a steady rate against a real API process (auth, per-second rate
 * limiting and request logging on) backed by a fresh embedded PostgreSQL. Prints p50/p99 latency,
 * throughput and errors. The load is spread over 10 Growth accounts (100 req/s each) so that every
 * request goes through the limiter without being refused by it.
 */
import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
step('Starting the API process');
const api = startProcess('api', process.execPath, ['--import', 'tsx', path.join(projectRoot, 'src/api/main.ts')], { cwd: projectRoot, env, logFile: path.join(scratch, 'api.log') });
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

  step(`Warm-up, then GET /usage at ${rate} req/s for ${seconds} s`);
  const requests = keys.map((key) => ({ method: 'GET' as const, path: '/usage', headers: { authorization: `Bearer ${key}` } }));
  await autocannon({ url: base, connections: 10, duration: 3, overallRate: Math.min(rate, 200), requests });
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: base, connections: 50, duration: seconds, overallRate: rate, requests }, (err, res) => (err ? reject(err) : resolve(res)));
    let elapsed = 0;
    const ticker = setInterval(() => step(`… ${(elapsed += 5)} s`), 5000);
    instance.on('done', () => clearInterval(ticker));
  });
  console.log(
    JSON.stringify({
      route: 'GET /usage (auth + rate limit + request log)',
      api_workers: workers,
      target_rps: rate,
      seconds,
      achieved_rps: Math.round(result.requests.average),
      requests: result.requests.total,
      latency_ms: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
      non_2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
    }),
  );
} finally {
  await api.stop('SIGTERM', 10_000);
  await pg.stop();
  rmSync(scratch, { recursive: true, force: true });
}

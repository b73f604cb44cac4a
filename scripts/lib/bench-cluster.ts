import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startPostgres } from './postgres.js';
import { migrateDeploy } from './migrate.js';
import { freeLowPort, freePort, waitUntil } from './ports.js';
import { startProcess, type ManagedProcess } from './processes.js';
import { projectRoot } from './paths.js';
import { serviceNodeArgs, withServiceProcessEnv } from './service-entry.js';
import { ensureTemporalServerTools } from './tools.js';
import { startTemporalCluster, temporalActions, temporalDatabaseOn } from './temporal-cluster.js';
import { step } from './log.js';
import { round } from './bench-figures.js';
import { loadBenchPages, serveBenchPages } from './bench-service.js';
import { createDb } from '../../src/db/prisma.js';

/**
 * `bench:bulk -- --cluster`: the production topology (the real Temporal server on PostgreSQL, API
 * processes on one port) with one worker process, then two, each timing `urls` as `jobs` bulk jobs; over
 * the one-worker run it also counts what a page costs the infrastructure: Temporal actions (the server's
 * `action` counter, what Temporal Cloud bills) and PostgreSQL commits and row writes (pg_stat_database,
 * every database: Pith's and Temporal's two).
 */
export async function benchCluster(options: { scratch: string; urls: string[]; jobs: number }): Promise<Record<string, unknown>> {
  const stops: (() => Promise<void>)[] = [];
  try {
    const postgres = await startPostgres({ dataDir: path.join(options.scratch, 'pg'), port: await freePort(), database: 'pith', logFile: path.join(options.scratch, 'pg.log') });
    stops.unshift(postgres.stop);
    await migrateDeploy(postgres.url);
    const lowPorts = await Promise.all(Array.from({ length: 10 }, () => freeLowPort()));
    const [frontend, frontendHttp, history, matching, worker, metrics, ...membership] = lowPorts as [number, number, number, number, number, number, number, number, number, number];
    const temporalDatabase = temporalDatabaseOn(postgres.url, 'temporal');
    step('Starting the Temporal server (go.temporal.io/server) on PostgreSQL');
    const temporal = await startTemporalCluster({
      tools: await ensureTemporalServerTools(),
      ports: { frontend, frontendHttp, history, matching, worker, metrics, membership: membership as [number, number, number, number] },
      database: temporalDatabase,
      rootDir: path.join(options.scratch, 'temporal'),
      namespace: 'default',
      historyShards: 4,
      logFile: path.join(options.scratch, 'temporal.log'),
    });
    stops.unshift(temporal.stop);

    const port = await freePort();
    const { BASE_URL: _viteBase, ...inherited } = process.env;
    const env = { ...inherited, PORT: String(port), DATABASE_URL: postgres.url, TEMPORAL_ADDRESS: temporal.address, LOG_LEVEL: 'info', ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_ENCRYPTION_KEY: 'cd'.repeat(32) };
    const start = (name: string, entry: 'src/edge/main.ts' | 'src/temporal/worker-main.ts', extra: Record<string, string> = {}): ManagedProcess => {
      const child = startProcess(name, process.execPath, serviceNodeArgs(entry), { cwd: projectRoot, env: withServiceProcessEnv({ ...env, ...extra }), logFile: path.join(options.scratch, `${name}.log`) });
      stops.unshift(() => child.stop('SIGTERM', 10_000));
      return child;
    };
    const workerPolling = (name: string) => waitUntil(`${name} to poll`, async () => {
      const log = path.join(options.scratch, `${name}.log`);
      return existsSync(log) && readFileSync(log, 'utf8').includes('worker polling');
    }, 120_000, 250);
    start('api', 'src/edge/main.ts', { API_WORKERS: '2' });
    start('worker-1', 'src/temporal/worker-main.ts');
    const base = `http://127.0.0.1:${port}`;
    await waitUntil('the API', async () => (await fetch(`${base}/health`).catch(() => undefined))?.status === 200, 120_000, 250);
    await workerPolling('worker-1');

    const db = createDb(postgres.url, 2);
    stops.unshift(() => db.$disconnect());
    const registered = (await (await fetch(`${base}/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'cluster-bench@example.com' }) })).json()) as { api_key: string; account_id: string };
    await db.account.update({ where: { id: registered.account_id }, data: { plan: 'enterprise' } });
    const headers = { authorization: `Bearer ${registered.api_key}`, 'content-type': 'application/json' };
    const runJobs = async (label: string, urls: string[], jobs: number): Promise<number> => {
      const perJob = Math.ceil(urls.length / jobs);
      const started = performance.now();
      const ids: string[] = [];
      for (let j = 0; j < jobs; j++) {
        const response = await fetch(`${base}/bulk`, { method: 'POST', headers, body: JSON.stringify({ urls: urls.slice(j * perJob, (j + 1) * perJob) }) });
        if (response.status !== 200) throw new Error(`POST /bulk answered ${response.status}: ${await response.text()}`);
        ids.push(((await response.json()) as { job_id: string }).job_id);
      }
      let reported = 0;
      await waitUntil(`${label} to finish`, async () => {
        const rows = await db.job.findMany({ where: { id: { in: ids } }, select: { status: true, completed: true } });
        const completed = rows.reduce((sum, row) => sum + row.completed, 0);
        if (completed - reported >= 100) step(`… ${label} ${(reported = completed)}/${urls.length}`);
        return rows.every((row) => row.status === 'done');
      }, 30 * 60_000, 200);
      return (performance.now() - started) / 1000;
    };

    // Bundling, first connections and first pages are not timed.
    await runJobs('warm-up', options.urls.slice(0, 20), 1);
    const databases = ['pith', temporalDatabase.name, `${temporalDatabase.name}_visibility`];
    const before = { actions: await temporalActions(metrics, 'default'), pg: await writeCounters(postgres.url, databases) };
    step(`One worker: ${options.urls.length} URLs as ${options.jobs} bulk jobs`);
    const oneWorker = await runJobs('one worker', options.urls, options.jobs);
    step(`One worker: ${round(options.urls.length / oneWorker)} pages/s`);
    // Idle backends report their counters to pg_stat_database within 10 s (PostgreSQL 15+).
    await new Promise((r) => setTimeout(r, 11_000));
    const after = { actions: await temporalActions(metrics, 'default'), pg: await writeCounters(postgres.url, databases) };

    start('worker-2', 'src/temporal/worker-main.ts');
    await workerPolling('worker-2');
    step(`Two workers: ${options.urls.length} URLs as ${options.jobs} bulk jobs`);
    const twoWorkers = await runJobs('two workers', options.urls, options.jobs);

    const pages = options.urls.length;
    const perPage = (name: keyof PgCounters, db?: string) =>
      round(((db ? after.pg[db]![name] - before.pg[db]![name] : sum(after.pg, name) - sum(before.pg, name)) / pages), 2);
    return {
      cores: cpus().length,
      one_worker: { seconds: round(oneWorker), pages_per_s: round(pages / oneWorker) },
      two_workers: { seconds: round(twoWorkers), pages_per_s: round(pages / twoWorkers) },
      temporal_actions_per_page: round((total(after.actions) - total(before.actions)) / pages, 2),
      temporal_actions_per_page_by_type: Object.fromEntries(Object.keys(after.actions).map((type) => [type, round(((after.actions[type] ?? 0) - (before.actions[type] ?? 0)) / pages, 3)])),
      postgres_per_page: {
        commits: perPage('commits'),
        rows_written: perPage('rowsWritten'),
        by_database: Object.fromEntries(databases.map((d) => [d, { commits: perPage('commits', d), rows_written: perPage('rowsWritten', d) }])),
      },
    };
  } finally {
    for (const stop of stops) await stop().catch(() => undefined);
  }
}

interface PgCounters {
  commits: number;
  /** Rows inserted, updated and deleted. */
  rowsWritten: number;
}

async function writeCounters(url: string, databases: string[]): Promise<Record<string, PgCounters>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string; commits: string; rows_written: string }>(
      'SELECT datname, xact_commit AS commits, tup_inserted + tup_updated + tup_deleted AS rows_written FROM pg_stat_database WHERE datname = ANY($1)',
      [databases],
    );
    return Object.fromEntries(rows.map((r) => [r.datname, { commits: Number(r.commits), rowsWritten: Number(r.rows_written) }]));
  } finally {
    await client.end();
  }
}

const total = (byType: Record<string, number>) => Object.values(byType).reduce((a, b) => a + b, 0);
const sum = (counters: Record<string, PgCounters>, name: keyof PgCounters) => Object.values(counters).reduce((total, c) => total + c[name], 0);

/** The `--cluster` run of bench:bulk on the shared benchmark pages: prints its JSON line and exits. */
export async function benchClusterMain(urlCount: number, jobs: number): Promise<never> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'pith-bench-cluster-'));
  chmodSync(scratch, 0o755);
  const site = await serveBenchPages(loadBenchPages());
  let code = 0;
  try {
    const figures = await benchCluster({ scratch, urls: Array.from({ length: urlCount }, (_, i) => site.url(i)), jobs });
    console.log(JSON.stringify({ urls: urlCount, jobs, ...figures }));
  } catch (err) {
    console.error(`bench:bulk --cluster failed: ${(err as Error).message}`);
    code = 1;
  } finally {
    await site.close();
    rmSync(scratch, { recursive: true, force: true });
  }
  process.exit(code);
}

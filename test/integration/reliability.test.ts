import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTemporalServer, type TemporalServerHandle } from '../../scripts/lib/temporal-server.js';
import { freePort } from '../../scripts/lib/ports.js';
import type { ManagedProcess } from '../../scripts/lib/processes.js';
import { createDb, type Db } from '../../src/db/prisma.js';
import { articlePage, startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { apiClient, pollUntil, type ApiResponse } from '../support/api.js';
import { serviceEnv, startApiProcess, startWorkerProcess } from '../support/service-processes.js';
import { expectExactlyOnce } from '../support/exactness.js';

/**
 * The reliability checks with real processes: Pith's own worker and API entry points as child
 * processes, a Temporal dev server of this file's own (SQLite file) so it can be stopped and restarted.
 */

const URLS = 100;
let scratch: string;
let temporalPort: number;
let temporal: TemporalServerHandle;
let pages: FixtureServer;
let db: Db;
let env: NodeJS.ProcessEnv;
let worker: ManagedProcess | undefined;
let api: { process: ManagedProcess; baseUrl: string; port: number };
let client: ReturnType<typeof apiClient>;

const startTemporal = () =>
  startTemporalServer({ cli: inject('temporalCli'), port: temporalPort, dbFile: path.join(scratch, 'temporal.db'), namespace: 'default', logFile: path.join(scratch, 'temporal.log') });

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'pith-reliability-'));
  chmodSync(scratch, 0o755);
  temporalPort = await freePort();
  temporal = await startTemporal();
  const body = (i: number) =>
    articlePage(`Reliability page ${i}`, [
      `Page ${i} of the reliability run. Every URL of a job must end with exactly one result, whatever happens to the processes that run it.`,
      `A second paragraph for page ${i}, so that the extractor finds real content and the markdown is more than a line.`,
    ]);
  pages = await startFixtureServer(Object.fromEntries(Array.from({ length: URLS }, (_, i) => [`/r/${i}`, { delayMs: 150, body: body(i) }])));
  db = createDb(inject('databaseUrl'));
  env = serviceEnv({ TEMPORAL_ADDRESS: temporal.address, TEMPORAL_TASK_QUEUE: `reliability-${Date.now()}`, JOB_URL_CONCURRENCY: '8', EXTRACTION_THREADS: '1' });
  worker = await startWorkerProcess(env, path.join(scratch, 'worker.log'));
  api = await startApiProcess(env, path.join(scratch, 'api.log'));
  client = apiClient(api.baseUrl);
}, 240_000);

afterAll(async () => {
  await worker?.stop('SIGTERM', 5000);
  await api?.process.stop('SIGTERM', 5000);
  await temporal?.stop();
  await pages?.close();
  await db?.$disconnect();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

async function enterpriseKey(): Promise<{ key: string; accountId: string }> {
  const account = await client.register();
  await db.account.update({ where: { id: account.account_id }, data: { plan: 'enterprise' } });
  return { key: account.api_key, accountId: account.account_id };
}

const urls = Array.from({ length: URLS }, (_, i) => `/r/${i}`);

function expectHealthyReads(reads: ApiResponse[]): void {
  expect(reads.filter((r) => r.status >= 500).map((r) => r.status)).toEqual([]);
  const counts = reads.filter((r) => r.status === 200).map((r) => r.body.completed as number);
  expect(counts).toEqual([...counts].sort((a, b) => a - b));
}

/** Runs a 100-URL job, lets `outage` strike once 20 URLs are done, and checks the job still ends exact. */
async function jobSurvives(outage: (read: () => Promise<ApiResponse>) => Promise<ApiResponse[]>): Promise<void> {
  const { key, accountId } = await enterpriseKey();
  const submitted = await client.post('/bulk', { urls: urls.map((u) => pages.url(u)) }, key);
  expect(submitted.status).toBe(200);
  const read = () => client.get(`/bulk/${submitted.body.job_id}?limit=1`, key);
  const before = await pollUntil(read, (r) => r.body.completed >= 20, 120_000, 100);
  expect(before.at(-1)!.body.completed).toBeLessThan(URLS); // really mid-job
  const during = await outage(read);
  const after = await pollUntil(read, (r) => r.body.status === 'done', 180_000, 250);
  expectHealthyReads([...before, ...during, ...after]);
  await expectExactlyOnce(db, { jobId: submitted.body.job_id, accountId, endpoint: 'POST /bulk' }, urls.map((u) => pages.url(u)), { ordered: true });
}

describe('reliability with real processes', () => {
  it('finishes a 100-URL job with exactly one result per URL after the worker is SIGKILLed mid-job', async () => {
    await jobSurvives(async () => {
      await worker!.stop('SIGKILL');
      worker = await startWorkerProcess(env, path.join(scratch, 'worker.log'));
      return [];
    });
  }, 300_000);

  it('finishes a job across a stop and restart of the Temporal server (same SQLite file); reads and submissions keep answering', async () => {
    let acceptedWhileDown: { key: string; jobId: string } | undefined;
    await jobSurvives(async (read) => {
      await temporal.stop();
      // A submission while Temporal is down is accepted (the job is committed) and starts once it is back.
      const { key } = await enterpriseKey();
      const submitted = await client.post('/bulk', { urls: urls.slice(0, 3).map((u) => pages.url(u)) }, key);
      expect(submitted.status).toBe(200);
      expect(submitted.body.status).toBe('queued');
      acceptedWhileDown = { key, jobId: submitted.body.job_id };
      // Reads are served from PostgreSQL: Temporal being down never makes them fail.
      const during: ApiResponse[] = [];
      for (let i = 0; i < 5; i++) {
        during.push(await read());
        await new Promise((r) => setTimeout(r, 300));
      }
      expect(during.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      temporal = await startTemporal();
      return during;
    });
    const late = await pollUntil(() => client.get(`/bulk/${acceptedWhileDown!.jobId}`, acceptedWhileDown!.key), (r) => r.body.status === 'done', 120_000, 250);
    expect(late.at(-1)!.body).toMatchObject({ status: 'done', total: 3, completed: 3 });
  }, 300_000);

  it('serves the same results after an API restart', async () => {
    const { key } = await enterpriseKey();
    const submitted = await client.post('/bulk', { urls: urls.slice(0, 10).map((u) => pages.url(u)) }, key);
    await pollUntil(() => client.get(`/bulk/${submitted.body.job_id}`, key), (r) => r.body.status === 'done', 120_000, 250);
    const first = await client.get(`/bulk/${submitted.body.job_id}`, key);
    await api.process.stop('SIGTERM');
    api = await startApiProcess(env, path.join(scratch, 'api.log'), api.port);
    const second = await client.get(`/bulk/${submitted.body.job_id}`, key);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
  }, 180_000);
});

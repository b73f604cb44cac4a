import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ManagedProcess } from '../../scripts/lib/processes.js';
import { createDb, type Db } from '../../src/db/prisma.js';
import { articlePage, startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { apiClient, pollUntil } from '../support/api.js';
import { serviceEnv, startApiProcess, startWorkerProcess } from '../support/service-processes.js';

/**
 * A worker SIGKILLed in the middle of a batch (one activity extracting many URLs or pages one after
 * another): Temporal hands the batch to the restarted worker once its heartbeat times out, and the new
 * attempt resumes after the last stored URL — nothing stored is fetched again, every URL ends with
 * exactly one result, metered once. One lane with large batches, so the kill lands inside a batch.
 */

const URLS = 40;
let scratch: string;
let pages: FixtureServer;
let db: Db;
let env: NodeJS.ProcessEnv;
let worker: ManagedProcess | undefined;
let api: { process: ManagedProcess; baseUrl: string };
let client: ReturnType<typeof apiClient>;

const paths = Array.from({ length: URLS }, (_, i) => `/b/${i}`);
const body = (i: number, links = '') =>
  articlePage(`Batch page ${i}`, [`Page ${i} of a batch. A worker dies while its batch runs; the next attempt must skip what was stored.`, `A second paragraph for page ${i}, so that there is real content.`], links);

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'pith-batch-resume-'));
  chmodSync(scratch, 0o755);
  // Page 0 links to every other page: a crawl from it admits them all at depth 1.
  const links = `<p>${paths.map((p, i) => `<a href="${p}">page ${i}</a>`).join(' ')}</p>`;
  pages = await startFixtureServer(Object.fromEntries(paths.map((p, i) => [p, { delayMs: 150, body: body(i, i === 0 ? links : '') }])));
  db = createDb(inject('databaseUrl'));
  env = serviceEnv({
    TEMPORAL_ADDRESS: inject('temporalAddress'),
    TEMPORAL_TASK_QUEUE: `batch-resume-${Date.now()}`,
    JOB_URL_CONCURRENCY: '1',
    CRAWL_CONCURRENCY: '1',
    CRAWL_DELAY_MS: '0',
    JOB_BATCH_MAX: '50',
    JOB_RESULT_FLUSH_MS: '50',
    EXTRACTION_THREADS: '1',
  });
  worker = await startWorkerProcess(env, path.join(scratch, 'worker.log'));
  api = await startApiProcess(env, path.join(scratch, 'api.log'));
  client = apiClient(api.baseUrl);
}, 240_000);

afterAll(async () => {
  await worker?.stop('SIGTERM', 5000);
  await api?.process.stop('SIGTERM', 5000);
  await pages?.close();
  await db?.$disconnect();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

async function accountOn(plan: 'pro' | 'enterprise') {
  const account = await client.register();
  await db.account.update({ where: { id: account.account_id }, data: { plan } });
  return { key: account.api_key, accountId: account.account_id };
}

/** Kills the worker once `stored` results of the job exist, restarts it, and answers the URLs stored at the kill. */
async function killMidBatch(jobId: string, stored: number): Promise<string[]> {
  await pollUntil(() => db.job.findUniqueOrThrow({ where: { id: jobId } }), (job) => job.completed >= stored, 120_000, 50);
  await worker!.stop('SIGKILL');
  const before = await db.jobResult.findMany({ where: { jobId }, select: { url: true } });
  expect(before.length).toBeLessThan(URLS - 10); // really mid-batch: the batch holds far more
  worker = await startWorkerProcess(env, path.join(scratch, 'worker.log'));
  return before.map((r) => r.url);
}

/** Each URL fetched once, but for those in flight at the kill (extracted, not yet stored): at most two again. */
function expectFetchedOnceExceptInFlight(storedAtKill: string[]): void {
  for (const url of storedAtKill) expect(pages.hits.get(new URL(url).pathname), url).toBe(1);
  const fetched = paths.reduce((sum, p) => sum + (pages.hits.get(p) ?? 0), 0);
  expect(fetched - URLS).toBeLessThanOrEqual(2);
}

/** One successful result per position, the job done with every URL counted, and `endpoint` metered once per URL. */
async function expectExactlyOnce(jobId: string, accountId: string, endpoint: string) {
  const rows = await db.jobResult.findMany({ where: { jobId }, orderBy: { position: 'asc' } });
  expect(rows.map((r) => r.position)).toEqual(Array.from({ length: URLS }, (_, i) => i));
  expect(rows.filter((r) => !r.ok).map((r) => r.error)).toEqual([]);
  const metered = await db.usageEvent.aggregate({ where: { accountId, endpoint }, _sum: { units: true } });
  expect(metered._sum.units).toBe(URLS);
  expect(await db.job.findUniqueOrThrow({ where: { id: jobId } })).toMatchObject({ status: 'done', total: URLS, completed: URLS });
  return rows;
}

describe('a worker killed mid-batch', () => {
  it('bulk: the batch resumes after the last stored URL; every URL once, metered once', async () => {
    pages.hits.clear();
    const { key, accountId } = await accountOn('enterprise');
    const urls = paths.map((p) => pages.url(p));
    const submitted = await client.post('/bulk', { urls }, key);
    expect(submitted.status).toBe(200);
    const jobId = submitted.body.job_id as string;
    // One lane: the first batch is URLs 0–19 (half of what is left).
    const storedAtKill = await killMidBatch(jobId, 6);
    await pollUntil(() => db.job.findUniqueOrThrow({ where: { id: jobId } }), (job) => job.status === 'done', 180_000, 250);

    const rows = await expectExactlyOnce(jobId, accountId, 'POST /bulk');
    expect(rows.map((r) => r.url)).toEqual(urls);
    expectFetchedOnceExceptInFlight(storedAtKill);
  }, 300_000);

  it('crawl: the batch of pages resumes after the last stored page; every page once, metered once', async () => {
    pages.hits.clear();
    const { key, accountId } = await accountOn('pro');
    const submitted = await client.post('/crawl', { url: pages.url(paths[0]!), depth: 1, limit: URLS, include_patterns: ['/b/*'] }, key);
    expect(submitted.status).toBe(200);
    const jobId = submitted.body.job_id as string;
    // The start page alone, then one lane's batch of pages 1–20.
    const storedAtKill = await killMidBatch(jobId, 6);
    await pollUntil(() => db.job.findUniqueOrThrow({ where: { id: jobId } }), (job) => job.status === 'done', 180_000, 250);

    // Metered: the start page at submission, every other page once as it was stored.
    const rows = await expectExactlyOnce(jobId, accountId, 'POST /crawl');
    expect(new Set(rows.map((r) => r.url))).toEqual(new Set(paths.map((p) => pages.url(p))));
    expect(await db.job.findUniqueOrThrow({ where: { id: jobId } })).toMatchObject({ truncated: false });
    expectFetchedOnceExceptInFlight(storedAtKill);
  }, 300_000);
});

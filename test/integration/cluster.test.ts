import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureTemporalServerTools, ensureTemporalUiServer } from '../../scripts/lib/tools.js';
import { startTemporalCluster, temporalDatabaseOn, type TemporalClusterOptions } from '../../scripts/lib/temporal-cluster.js';
import type { TemporalServerHandle } from '../../scripts/lib/temporal-server.js';
import { startTemporalUi, type TemporalUiHandle } from '../../scripts/lib/temporal-ui.js';
import { freeLowPort, freePort } from '../../scripts/lib/ports.js';
import type { ManagedProcess } from '../../scripts/lib/processes.js';
import { createDb, type Db } from '../../src/db/prisma.js';
import { articlePage, startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { apiClient, pollUntil, type ApiResponse } from '../support/api.js';
import { serviceEnv, startApiProcess, startWorkerProcess } from '../support/service-processes.js';
import { expectExactlyOnce } from '../support/exactness.js';

/**
 * The production topology of start:cluster, as child processes: the real Temporal server
 * (go.temporal.io/server) on PostgreSQL (Temporal's own databases on the run's server), two worker
 * processes and two API processes on one port. Failures strike mid-job; every job must end exact.
 * The Web UI server (start:cluster's) shows the jobs.
 */

const BULK_URLS = 1000;
const CRAWL_PAGES = 120;
let scratch: string;
let clusterOptions: TemporalClusterOptions;
let temporal: TemporalServerHandle;
let ui: TemporalUiHandle;
let site: FixtureServer;
let db: Db;
let env: NodeJS.ProcessEnv;
const workers: (ManagedProcess | undefined)[] = [];
let api: { process: ManagedProcess; baseUrl: string };
let client: ReturnType<typeof apiClient>;

const paragraphs = (i: number) => [
  `Page ${i} of the cluster run. Every URL of a job must end with exactly one result, whichever worker ran it and whatever stopped meanwhile.`,
  `A second paragraph for page ${i}, so that the extractor finds real content and the markdown is more than a line.`,
];
/** Crawl page i links to 2i+1 and 2i+2 only (no navigation): a binary tree of CRAWL_PAGES pages, each reached by one link. */
const crawlPage = (i: number) =>
  `<!doctype html><html><head><title>Crawl page ${i}</title></head><body><article><h1>Crawl page ${i}</h1>${paragraphs(i).map((p) => `<p>${p}</p>`).join('')}
${[2 * i + 1, 2 * i + 2].filter((c) => c < CRAWL_PAGES).map((c) => `<p><a href="/c/${c}">page ${c}</a></p>`).join('')}</article></body></html>`;

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'pith-cluster-'));
  chmodSync(scratch, 0o755);
  const [frontend, frontendHttp, history, matching, worker, metrics, ...membership] = await Promise.all(Array.from({ length: 10 }, () => freeLowPort()));
  clusterOptions = {
    tools: await ensureTemporalServerTools(),
    ports: { frontend: frontend!, frontendHttp: frontendHttp!, history: history!, matching: matching!, worker: worker!, metrics: metrics!, membership: membership as [number, number, number, number] },
    database: temporalDatabaseOn(inject('databaseUrl'), `temporal_${Date.now()}`),
    rootDir: path.join(scratch, 'temporal'),
    namespace: 'default',
    historyShards: 4,
    logFile: path.join(scratch, 'temporal.log'),
  };
  temporal = await startTemporalCluster(clusterOptions);
  ui = await startTemporalUi({
    binary: await ensureTemporalUiServer(),
    temporalAddress: temporal.address,
    port: await freePort(),
    namespace: 'default',
    rootDir: path.join(scratch, 'temporal-ui'),
    logFile: path.join(scratch, 'temporal-ui.log'),
  });
  site = await startFixtureServer({
    ...Object.fromEntries(Array.from({ length: BULK_URLS }, (_, i) => [`/b/${i}`, { delayMs: 20, body: articlePage(`Bulk page ${i}`, paragraphs(i)) }])),
    ...Object.fromEntries(Array.from({ length: CRAWL_PAGES }, (_, i) => [`/c/${i}`, { delayMs: 50, body: crawlPage(i) }])),
  });
  db = createDb(inject('databaseUrl'));
  env = serviceEnv({ TEMPORAL_ADDRESS: temporal.address, TEMPORAL_TASK_QUEUE: `cluster-${Date.now()}`, JOB_URL_CONCURRENCY: '16', EXTRACTION_THREADS: '1', CRAWL_CONCURRENCY: '4', CRAWL_DELAY_MS: '0' });
  const started = await Promise.all([1, 2].map((i) => startWorkerProcess(env, path.join(scratch, `worker-${i}.log`))));
  workers.push(...started);
  api = await startApiProcess({ ...env, API_WORKERS: '2' }, path.join(scratch, 'api.log'));
  client = apiClient(api.baseUrl);
}, 900_000); // a first run builds the Temporal server (minutes)

afterAll(async () => {
  await Promise.allSettled(workers.map((w) => w?.stop('SIGTERM', 5000)));
  await api?.process.stop('SIGTERM', 5000);
  await ui?.stop();
  await temporal?.stop();
  await site?.close();
  await db?.$disconnect();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

async function enterpriseAccount(): Promise<{ key: string; accountId: string }> {
  const account = await client.register();
  await db.account.update({ where: { id: account.account_id }, data: { plan: 'enterprise' } });
  return { key: account.api_key, accountId: account.account_id };
}

/** Reads never fail and progress only rises. */
function expectHealthyReads(reads: ApiResponse[]): void {
  expect(reads.filter((r) => r.status !== 200).map((r) => r.status)).toEqual([]);
  const counts = reads.map((r) => r.body.completed as number);
  expect(counts).toEqual([...counts].sort((a, b) => a - b));
}

/** Submits a bulk job of `count` URLs, lets `outage` strike once `at` are done, waits for the end and checks it exact. */
async function bulkSurvives(count: number, at: number, outage: () => Promise<void>): Promise<void> {
  const { key, accountId } = await enterpriseAccount();
  const urls = Array.from({ length: count }, (_, i) => site.url(`/b/${i}`));
  const submitted = await client.post('/bulk', { urls }, key);
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const read = () => client.get(`/bulk/${submitted.body.job_id}?limit=1`, key);
  const before = await pollUntil(read, (r) => r.body.completed >= at, 180_000, 100);
  expect(before.at(-1)!.body.completed).toBeLessThan(count); // really mid-job
  await outage();
  const after = await pollUntil(read, (r) => r.body.status === 'done', 300_000, 250);
  expectHealthyReads([...before, ...after]);
  await expectExactlyOnce(db, { jobId: submitted.body.job_id, accountId, endpoint: 'POST /bulk' }, urls, { ordered: true });
}

/** SIGKILLs worker `index` (its in-flight URLs go to the other once their heartbeats time out) and starts a new one. */
async function killWorker(index: number): Promise<void> {
  await workers[index]!.stop('SIGKILL');
  workers[index] = await startWorkerProcess(env, path.join(scratch, `worker-${index + 1}.log`));
}

describe('the production topology (Temporal server on PostgreSQL, two workers, two API processes)', () => {
  it(`ends a ${BULK_URLS}-URL bulk job exact after one worker is SIGKILLed mid-job`, async () => {
    await bulkSurvives(BULK_URLS, 250, () => killWorker(0));
  }, 600_000);

  it(`ends a ${CRAWL_PAGES}-page crawl exact after one worker is SIGKILLed mid-crawl`, async () => {
    const { key, accountId } = await enterpriseAccount();
    const submitted = await client.post('/crawl', { url: site.url('/c/0'), depth: 10, limit: 1000 }, key);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const read = () => client.get(`/crawl/${submitted.body.job_id}?limit=1`, key);
    const before = await pollUntil(read, (r) => r.body.completed >= 30, 180_000, 100);
    expect(before.at(-1)!.body.status).not.toBe('done');
    await killWorker(1);
    const after = await pollUntil(read, (r) => ['done', 'failed'].includes(r.body.status), 300_000, 250);
    expect(after.at(-1)!.body).toMatchObject({ status: 'done', truncated: false });
    expectHealthyReads([...before, ...after]);
    const pages = Array.from({ length: CRAWL_PAGES }, (_, i) => site.url(`/c/${i}`));
    await expectExactlyOnce(db, { jobId: submitted.body.job_id, accountId, endpoint: 'POST /crawl' }, pages, { ordered: false });
  }, 600_000);

  it('ends a bulk job exact across a stop and restart of the Temporal server', async () => {
    await bulkSurvives(300, 60, async () => {
      await temporal.stop();
      await new Promise((r) => setTimeout(r, 2000)); // workers and the API see it gone
      temporal = await startTemporalCluster(clusterOptions);
    });
  }, 600_000);

  // Last: the UI server's connection has outlived the Temporal server's restart above.
  it("shows a bulk job's workflow in the Web UI (its API, and its page with the embedded assets)", async () => {
    const { key, accountId } = await enterpriseAccount();
    const submitted = await client.post('/bulk', { urls: [0, 1, 2].map((i) => site.url(`/b/${i}`)) }, key);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    await pollUntil(() => client.get(`/bulk/${submitted.body.job_id}?limit=1`, key), (r) => r.body.status === 'done', 60_000, 200);
    const query = encodeURIComponent(`AccountId = "${accountId}"`);
    const listed = await pollUntil(
      async () => (await fetch(`${ui.url}/api/v1/namespaces/default/workflows?query=${query}`)).json() as Promise<{ executions?: { execution: { workflowId: string }; type: { name: string }; status: string }[] }>,
      (body) => body.executions?.some((e) => e.status === 'WORKFLOW_EXECUTION_STATUS_COMPLETED') ?? false,
      30_000,
      250,
    );
    expect(listed.at(-1)!.executions).toEqual([
      expect.objectContaining({ execution: expect.objectContaining({ workflowId: `bulk-${submitted.body.job_id}` }), type: { name: 'bulkJobWorkflow' }, status: 'WORKFLOW_EXECUTION_STATUS_COMPLETED' }),
    ]);
    const page = await fetch(`${ui.url}/namespaces/default/workflows`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const entry = /href="(\/_app\/immutable\/entry\/start\.[^"]+\.js)"/.exec(html)?.[1];
    expect(entry, html.slice(0, 500)).toBeDefined();
    expect((await fetch(`${ui.url}${entry}`)).status).toBe(200);
  }, 120_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporal } from '@temporalio/proto';
import { startStack, type Stack } from '../support/stack.js';
import { articlePage, startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { apiClient, pollUntil } from '../support/api.js';

/** Large jobs continue as new between runs; a run size of 2 makes every job here span several runs. */

let stack: Stack;
let pages: FixtureServer;
let api: ReturnType<typeof apiClient>;
const count = 7;

beforeAll(async () => {
  const links = Array.from({ length: count }, (_, i) => `<a href="/p/${i}">page ${i}</a>`).join(' ');
  pages = await startFixtureServer(
    Object.fromEntries(Array.from({ length: count }, (_, i) => [`/p/${i}`, { body: articlePage(`Page ${i}`, [`Page ${i} of a job that spans several workflow runs, each one short.`, 'Continue-as-new keeps the history small.'], `<p>${links}</p>`) }])),
  );
  stack = await startStack({ JOB_URLS_PER_RUN: '2', JOB_URL_CONCURRENCY: '2', CRAWL_DELAY_MS: '0' });
  api = apiClient(stack.baseUrl);
});

afterAll(async () => {
  await stack?.stop();
  await pages?.close();
});

/** The events of the first run of `workflowId`. */
async function firstRunHistory(workflowId: string): Promise<temporal.api.history.v1.IHistoryEvent[]> {
  const runs: string[] = [];
  for await (const run of stack.temporal.workflow.list({ query: `WorkflowId = '${workflowId}'` })) runs.push(run.runId);
  expect(runs.length).toBeGreaterThan(1);
  const first = runs.at(-1) as string; // newest first
  return (await stack.temporal.workflow.getHandle(workflowId, first).fetchHistory()).events ?? [];
}

/** Event types of the first run of `workflowId`. */
async function firstRunEvents(workflowId: string): Promise<string[]> {
  return (await firstRunHistory(workflowId)).map((e) => temporal.api.enums.v1.EventType[e.eventType ?? 0] ?? 'unknown');
}

/** The URLs the first run of a bulk job handed to its batch activities (their JSON inputs). */
async function firstRunBatchUrls(workflowId: string): Promise<string[]> {
  const scheduled = (await firstRunHistory(workflowId)).map((e) => e.activityTaskScheduledEventAttributes).filter((a) => a?.activityType?.name === 'extractJobUrls');
  return scheduled.flatMap((a) => (JSON.parse(Buffer.from(a!.input!.payloads![0]!.data!).toString()) as { urls: string[] }).urls);
}

describe('continue-as-new', () => {
  it('runs a bulk job over several workflow runs with exactly one result per URL', async () => {
    const { api_key: key } = await api.register();
    const urls = Array.from({ length: count }, (_, i) => pages.url(`/p/${i}`));
    const submitted = await api.post('/bulk', { urls }, key);
    const reads = await pollUntil(() => api.get(`/bulk/${submitted.body.job_id}`, key), (r) => r.body.status === 'done');
    const final = reads.at(-1)!.body;
    expect(final).toMatchObject({ total: count, completed: count });
    expect(final.results.map((r: { url: string }) => r.url)).toEqual(urls);
    expect(final.results.every((r: { error?: string }) => r.error === undefined)).toBe(true);
    const counts = reads.map((r) => r.body.completed as number);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    const events = await firstRunEvents(`bulk-${submitted.body.job_id}`);
    expect(events.some((e) => e.includes('CONTINUED_AS_NEW'))).toBe(true);
    // Only two URLs were handled by the first run (in one batch or two).
    expect(await firstRunBatchUrls(`bulk-${submitted.body.job_id}`)).toEqual(urls.slice(0, 2));
  });

  it('runs a crawl over several workflow runs without fetching a page twice', async () => {
    const { api_key: key, account_id: accountId } = await api.register();
    await stack.db.account.update({ where: { id: accountId }, data: { plan: 'pro' } });
    const submitted = await api.post('/crawl', { url: pages.url('/p/0'), depth: 1 }, key);
    const reads = await pollUntil(() => api.get(`/crawl/${submitted.body.job_id}`, key), (r) => r.body.status === 'done');
    const final = reads.at(-1)!.body;
    // The 7 pages and the two links of articlePage's navigation (/ and /about, answered 404 here).
    expect(final).toMatchObject({ total: count + 2, completed: count + 2, truncated: false });
    expect(new Set(final.results.map((r: { url: string }) => r.url)).size).toBe(count + 2);
    for (let i = 0; i < count; i++) expect(pages.hits.get(`/p/${i}`)).toBe(2); // once by the bulk job above, once by this crawl
    expect((await firstRunEvents(`crawl-${submitted.body.job_id}`)).some((e) => e.includes('CONTINUED_AS_NEW'))).toBe(true);
  });
});

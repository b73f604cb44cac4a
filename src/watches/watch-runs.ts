import type { Client } from '@temporalio/client';
import type { Job, Watch } from '@prisma/client';
import type { Db } from '../db/prisma.js';
import type { Config } from '../config/config.js';
import { ApiError } from '../contract/errors.js';
import { limitsOf } from '../contract/plans.js';
import { RESULT_LIFETIME_MS } from '../contract/limits.js';
import { changedResults, findJob, insertJob, newJob } from '../jobs/store/index.js';
import { bulkWorkflowInput, crawlWorkflowInput, workflowIdFor, type StoredBulkInput } from '../jobs/start-workflow.js';
import type { StoredCrawlInput } from '../jobs/crawl/crawl-input.js';
import { createEventDelivery } from '../webhooks/deliveries.js';
import type { WatchRunConclusion, WatchRunStart, WatchSkipReason } from '../../workflows/activities.js';
import { claimRun, findRunByTick, findWatch, finishRun, pauseWatchFor, recordSkippedRun, type PausedReason } from './watch-store.js';
import { pauseWatchSchedule } from './watch-schedule.js';
import { WATCH_CHANGED_EVENT, watchChangedBody } from './watch-changed-event.js';
import { log } from '../observability/logger.js';

/** A watch's runs, as its activities carry them out: start the tick's job, then collect what changed. */

export interface WatchRunDeps {
  db: Db;
  cfg: Config;
  /** Pauses the schedule of a watch that pauses itself (quota, deactivation, plan). */
  temporal: Client;
}

/** The endpoint a run's requests are metered under (`GET /account/usage` `by_endpoint`). */
export const WATCH_RUN_ENDPOINT = 'watch run';

/**
 * The watch stops itself: the row says why (GET /watches/{id} `paused_reason`), and its schedule is paused
 * so no tick runs until the account holder resumes it (PATCH `paused: false`).
 */
async function pauseItself(deps: WatchRunDeps, watch: Watch, reason: PausedReason): Promise<void> {
  await pauseWatchFor(deps.db, watch.id, reason);
  try {
    await pauseWatchSchedule(deps.temporal, watch.id, reason);
  } catch (err) {
    // The row is paused already: every further tick is skipped until the schedule is paused too (next tick retries it).
    log().warn({ watchId: watch.id, error: (err as Error).message }, 'watch paused; its schedule could not be paused yet');
  }
}

/** The account's plan, or why it cannot run the watch now. */
async function standingOf(deps: WatchRunDeps, watch: Watch): Promise<{ plan: string } | { blocker: Exclude<PausedReason, 'user'> }> {
  const account = await deps.db.account.findUnique({ where: { id: watch.accountId }, select: { active: true, plan: true } });
  if (!account?.active) return { blocker: 'account_deactivated' };
  if (watch.kind === 'crawl' && limitsOf(account.plan).crawlDepth === null) return { blocker: 'plan_not_supported' };
  return { plan: account.plan };
}

function jobOfRun(watch: Watch, jobId: string, now: Date): Job {
  const input = watch.input as unknown as StoredBulkInput | StoredCrawlInput;
  return {
    ...newJob({
      id: jobId,
      accountId: watch.accountId,
      kind: watch.kind,
      total: watch.kind === 'bulk' ? (input as StoredBulkInput).urls.length : 1,
      input: watch.input,
      webhookUrl: null,
      webhookIncludeResults: false,
      idempotencyKey: null,
      requestHash: null,
      workflowId: workflowIdFor(watch.kind, jobId),
      jobTokenHash: null,
      jobTokenSealed: null,
      requestId: null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESULT_LIFETIME_MS),
    }),
    // The run's workflow starts it as its child, durably: the job starter's sweep must leave it alone.
    workflowStartedAt: now,
  };
}

function startOf(cfg: Config, watch: Watch, job: Job): WatchRunStart {
  return {
    jobId: job.id,
    accountId: watch.accountId,
    workflowId: job.workflowId,
    ...(job.kind === 'bulk' ? { bulk: bulkWorkflowInput(cfg, job) } : { crawl: crawlWorkflowInput(cfg, job) }),
  };
}

async function skip(deps: WatchRunDeps, watch: Watch, tickId: string, scheduledAt: Date, reason: WatchSkipReason): Promise<WatchRunStart> {
  await recordSkippedRun(deps.db, watch.id, tickId, scheduledAt, reason);
  return { skipped: reason };
}

/**
 * Starts the tick's run: the job is written and metered like a submission (a bulk run reserves one
 * request per URL; a crawl its start page, then each page as it is fetched). Idempotent per tick: the
 * run row fixes the job id before the job is written, so a retried activity finds that job.
 */
export async function beginWatchRun(deps: WatchRunDeps, input: { watchId: string; tickId: string; scheduledAt: string }, now = new Date()): Promise<WatchRunStart> {
  const scheduledAt = new Date(input.scheduledAt);
  const watch = await findWatch(deps.db, input.watchId);
  if (!watch) return { skipped: 'deleted' };
  const earlier = await findRunByTick(deps.db, input.tickId);
  if (earlier?.status === 'skipped') return { skipped: (earlier.skippedReason ?? 'paused') as WatchSkipReason };
  const existingJob = earlier?.jobId ? await findJob(deps.db, earlier.jobId) : null;
  if (existingJob) return startOf(deps.cfg, watch, existingJob);
  if (watch.paused) return skip(deps, watch, input.tickId, scheduledAt, 'paused');
  const standing = await standingOf(deps, watch);
  if ('blocker' in standing) {
    await pauseItself(deps, watch, standing.blocker);
    return skip(deps, watch, input.tickId, scheduledAt, standing.blocker);
  }
  const run = await claimRun(deps.db, watch.id, input.tickId, scheduledAt, now);
  const job = jobOfRun(watch, run.jobId!, now);
  try {
    await insertJob(deps.db, null, {
      job,
      accountId: watch.accountId,
      keyId: watch.keyId,
      plan: standing.plan,
      units: job.total,
      endpoint: WATCH_RUN_ENDPOINT,
      startUrl: watch.kind === 'crawl' ? (watch.input as unknown as StoredCrawlInput).startUrl : null,
      mintSecret: false,
    });
  } catch (err) {
    if (err instanceof ApiError && err.code === 'rate_limit_exceeded') {
      await pauseItself(deps, watch, 'quota_exhausted');
      return skip(deps, watch, input.tickId, scheduledAt, 'quota_exhausted');
    }
    // Written by an earlier attempt whose answer was lost: the same job.
    const written = await findJob(deps.db, job.id);
    if (!written) throw err;
  }
  return startOf(deps.cfg, watch, job);
}

/**
 * After the job: what changed, recorded on the run; a `watch.changed` delivery when something did and the
 * watch has a webhook_url (created once per job: `completion_of` is the job's id). A crawl stopped by the
 * month's allowance pauses the watch.
 */
export async function concludeWatchRun(deps: WatchRunDeps, input: { watchId: string; tickId: string }, now = new Date()): Promise<WatchRunConclusion> {
  const run = await findRunByTick(deps.db, input.tickId);
  const watch = await findWatch(deps.db, input.watchId);
  if (!run?.jobId || !watch) return { pages: 0, changed: 0, deliveryId: null };
  if (run.status === 'done') return { pages: run.pages ?? 0, changed: run.changed ?? 0, deliveryId: run.deliveryId };
  const job = await findJob(deps.db, run.jobId);
  const { pages, changes } = await changedResults(deps.db, run.jobId);
  let deliveryId: string | null = null;
  if (changes.length > 0 && watch.webhookUrl) {
    const body = watchChangedBody({
      watch_id: watch.id,
      kind: watch.kind,
      job_id: run.jobId,
      scheduled_at: run.scheduledAt.toISOString(),
      finished_at: (job?.finishedAt ?? now).toISOString(),
      pages,
      changes,
      results_url: `${deps.cfg.BASE_URL}/${watch.kind}/${run.jobId}`,
      watch_url: `${deps.cfg.BASE_URL}/watches/${watch.id}`,
    });
    deliveryId = (await createEventDelivery(deps.db, { accountId: watch.accountId, jobId: run.jobId, event: WATCH_CHANGED_EVENT, url: watch.webhookUrl, body })).deliveryId;
  }
  await finishRun(deps.db, input.tickId, { pages, changed: changes.length, deliveryId }, now);
  if (job?.truncatedReason === 'quota_exhausted') await pauseItself(deps, watch, 'quota_exhausted');
  return { pages, changed: changes.length, deliveryId };
}

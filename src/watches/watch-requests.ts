import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import type { Prisma, Watch } from '@prisma/client';
import type { Db } from '../db/prisma.js';
import type { Config } from '../config/config.js';
import { ApiError } from '../contract/errors.js';
import { limitsOf } from '../contract/plans.js';
import type { WatchBody, WatchPatchBody } from '../contract/requests.js';
import { hasScope } from '../accounts/api-keys.js';
import { mintSecretOnFirstUse, type SecretBox } from '../accounts/webhook-secret.js';
import { assertWebhookUrl } from '../net/webhook-url.js';
import { bulkJobInputOf, crawlJobInputOf, type SubmittingKey } from '../jobs/requests.js';
import type { StoredBulkInput } from '../jobs/start-workflow.js';
import type { StoredCrawlInput } from '../jobs/crawl/crawl-input.js';
import { assertCadenceAllowed, parseEvery, type WatchCadence } from './watch-cadence.js';
import { changeWatchCadence, createWatchSchedule, deleteWatchSchedule, nextRunOf, pauseWatchSchedule, resumeWatchSchedule } from './watch-schedule.js';
import { countWatches, deleteWatchRow, findOwnWatch, insertWatch, lastRunsOf, listWatches, recentRuns, updateWatch } from './watch-store.js';
import { toRunView, toWatchObject, type WatchObject } from './watch-view.js';

/** POST/GET/PATCH/DELETE /watches after authentication: scopes, plan limits, the key's policy, the schedule. */

export interface WatchDeps {
  db: Db;
  temporal: Client;
  cfg: Config;
  secrets: SecretBox;
}

export type WatchCaller = SubmittingKey & { scopes: string[] };
export type CreatedWatch = WatchObject & { webhook_signing_secret: string | null };

/** A URL watch needs the `bulk` scope, a crawl watch `crawl`: the scope of the job each run submits. */
function assertKindScope(caller: WatchCaller, kind: Watch['kind']): void {
  if (!hasScope(caller.scopes, kind)) throw new ApiError('insufficient_scope', `This key lacks the \`${kind}\` scope a ${kind === 'bulk' ? 'URL' : 'crawl'} watch needs`);
}

const kindsOf = (caller: WatchCaller): Watch['kind'][] => (['bulk', 'crawl'] as const).filter((kind) => hasScope(caller.scopes, kind));

/** Temporal refused or could not be reached: nothing is kept, the caller can retry. */
function scheduleFailure(err: unknown): ApiError {
  const message = (err as Error)?.message ?? String(err);
  if (/invalid ?argument|invalid cron|cron/i.test(message)) return new ApiError('invalid_request', `every: the job engine refused it: ${message}`);
  return new ApiError('service_unavailable', 'The job engine (Temporal) cannot be reached; nothing was created. Retry shortly');
}

/** What each run submits: POST /bulk's or POST /crawl's stored input with change tracking on. */
function jobInputOf(cfg: Config, caller: WatchCaller, body: WatchBody): StoredBulkInput | StoredCrawlInput {
  const { urls, crawl, every: _every, webhook_url: _webhook, ...page } = body;
  const input = crawl ? crawlJobInputOf(cfg, caller, { ...crawl, ...page }) : bulkJobInputOf(cfg, caller, { urls: urls ?? [], ...page });
  input.page = { ...input.page!, trackChanges: true };
  return input;
}

/**
 * The account's watch count is checked under a lock of its row, so two concurrent creations cannot pass
 * the plan's limit together.
 */
async function insertWithinLimit(db: Db, caller: WatchCaller, watch: Parameters<typeof insertWatch>[1]): Promise<Watch> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM accounts WHERE id = ${caller.accountId}::uuid FOR UPDATE`;
    await assertBelowLimit(tx as Db, caller);
    return insertWatch(tx as Db, watch);
  });
}

async function assertBelowLimit(db: Db, caller: WatchCaller): Promise<void> {
  const allowed = limitsOf(caller.plan).watches;
  if (allowed !== null && (await countWatches(db, caller.accountId)) >= allowed) {
    throw new ApiError('watch_limit_reached', `The ${caller.plan} plan allows ${allowed} watch${allowed === 1 ? '' : 'es'}; delete one or upgrade`);
  }
}

/** `meter` runs once every check passed (a refused creation is not metered; it may refuse with 429 itself). */
export async function createWatch(deps: WatchDeps, caller: WatchCaller, body: WatchBody, meter: () => Promise<void>): Promise<CreatedWatch> {
  const kind = body.crawl ? 'crawl' : 'bulk';
  assertKindScope(caller, kind);
  const cadence = parseEvery(body.every);
  assertCadenceAllowed(cadence, caller.plan);
  const input = jobInputOf(deps.cfg, caller, body);
  if (body.webhook_url !== undefined) await assertWebhookUrl(body.webhook_url, deps.cfg.ALLOW_PRIVATE_TARGETS);
  await assertBelowLimit(deps.db, caller);
  await meter();
  const watch = await insertWithinLimit(deps.db, caller, {
    id: randomUUID(),
    accountId: caller.accountId,
    keyId: caller.keyId,
    kind,
    input: input as unknown as Prisma.InputJsonObject,
    every: cadence.every,
    webhookUrl: body.webhook_url ?? null,
  });
  try {
    await createWatchSchedule(deps.temporal, deps.cfg, watch, cadence);
  } catch (err) {
    await deleteWatchRow(deps.db, watch.id);
    throw scheduleFailure(err);
  }
  // Minted only once the watch exists, so a failed creation never swallows the account's first secret.
  const secret = body.webhook_url ? await mintSecretOnFirstUse(deps.db, deps.secrets, caller.accountId) : null;
  return { ...toWatchObject(watch), webhook_signing_secret: secret };
}

async function ownWatch(deps: WatchDeps, caller: WatchCaller, watchId: string): Promise<Watch> {
  const watch = /^[0-9a-f-]{36}$/i.test(watchId) ? await findOwnWatch(deps.db, caller.accountId, watchId) : null;
  if (!watch) throw new ApiError('watch_not_found', `No watch ${watchId} on this account`);
  assertKindScope(caller, watch.kind);
  return watch;
}

export async function readWatch(deps: WatchDeps, caller: WatchCaller, watchId: string): Promise<WatchObject> {
  return withRunsAndNextTick(deps, await ownWatch(deps, caller, watchId));
}

/** The watch as GET /watches/{id} shows it: its recent runs and, unless paused, its next tick. */
async function withRunsAndNextTick(deps: WatchDeps, watch: Watch): Promise<WatchObject> {
  const [runs, next] = await Promise.all([recentRuns(deps.db, watch.id), watch.paused ? null : nextRunOf(deps.temporal, watch.id)]);
  return toWatchObject(watch, { next_run_at: next?.toISOString() ?? null, recent_runs: runs.map(toRunView) });
}

const encodeCursor = (watch: Watch) => Buffer.from(`${watch.createdAt.toISOString()}|${watch.id}`).toString('base64url');

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime())) throw new ApiError('invalid_request', 'cursor: must be a next_cursor from a previous page');
  return { createdAt, id };
}

/** The account's watches of the kinds the key may see, newest first, with each one's last run. */
export async function listOwnWatches(deps: WatchDeps, caller: WatchCaller, page: { limit: number; cursor?: string | undefined }): Promise<{ watches: WatchObject[]; next_cursor: string | null }> {
  const kinds = kindsOf(caller);
  if (kinds.length === 0) throw new ApiError('insufficient_scope', 'This key lacks the `bulk` and `crawl` scopes watches need');
  const rows = await listWatches(deps.db, caller.accountId, kinds, page.limit + 1, page.cursor ? decodeCursor(page.cursor) : undefined);
  const shown = rows.slice(0, page.limit);
  const last = new Map((await lastRunsOf(deps.db, shown.map((w) => w.id))).map((run) => [run.watchId, run]));
  return {
    watches: shown.map((watch) => toWatchObject(watch, { last_run: last.has(watch.id) ? toRunView(last.get(watch.id)!) : null })),
    next_cursor: rows.length > page.limit ? encodeCursor(shown.at(-1)!) : null,
  };
}

/** The schedule is changed first: when Temporal cannot be reached nothing changes (503) and the caller can retry. */
export async function patchWatch(deps: WatchDeps, caller: WatchCaller, watchId: string, body: WatchPatchBody): Promise<WatchObject & { webhook_signing_secret?: string }> {
  const watch = await ownWatch(deps, caller, watchId);
  let cadence: WatchCadence | undefined;
  if (body.every !== undefined) {
    cadence = parseEvery(body.every);
    assertCadenceAllowed(cadence, caller.plan);
  }
  if (body.webhook_url) await assertWebhookUrl(body.webhook_url, deps.cfg.ALLOW_PRIVATE_TARGETS);
  const data: Prisma.WatchUpdateInput = {};
  try {
    if (cadence) {
      await changeWatchCadence(deps.temporal, watch.id, cadence);
      data.every = cadence.every;
    }
    if (body.paused === true && !watch.paused) {
      await pauseWatchSchedule(deps.temporal, watch.id, 'user');
      Object.assign(data, { paused: true, pausedReason: 'user', pausedAt: new Date() });
    } else if (body.paused === false && watch.paused) {
      await resumeWatchSchedule(deps.temporal, watch.id);
      Object.assign(data, { paused: false, pausedReason: null, pausedAt: null });
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw scheduleFailure(err);
  }
  if (body.webhook_url !== undefined) data.webhookUrl = body.webhook_url;
  const updated = await updateWatch(deps.db, watch.id, data);
  // The account's first webhook_url mints its signing secret, shown this once (as on creation).
  const secret = body.webhook_url ? await mintSecretOnFirstUse(deps.db, deps.secrets, caller.accountId) : null;
  return { ...(await withRunsAndNextTick(deps, updated)), ...(secret ? { webhook_signing_secret: secret } : {}) };
}

/** The schedule goes first (a run in flight finishes; no further tick starts), then the watch and its runs. */
export async function deleteWatch(deps: WatchDeps, caller: WatchCaller, watchId: string): Promise<void> {
  const watch = await ownWatch(deps, caller, watchId);
  try {
    await deleteWatchSchedule(deps.temporal, watch.id);
  } catch (err) {
    throw scheduleFailure(err);
  }
  await deleteWatchRow(deps.db, watch.id);
}

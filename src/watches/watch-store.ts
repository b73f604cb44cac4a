import { randomUUID } from 'node:crypto';
import type { Prisma, Watch, WatchRun } from '@prisma/client';
import type { Db } from '../db/prisma.js';
import { WATCH_LIMITS } from '../contract/limits.js';

/** `watches` and `watch_runs`: the one place that reads and writes them. */

export type PausedReason = 'user' | 'quota_exhausted' | 'account_deactivated' | 'plan_not_supported';

export interface NewWatch {
  id: string;
  accountId: string;
  keyId: string | null;
  kind: Watch['kind'];
  input: Prisma.InputJsonObject;
  every: string;
  webhookUrl: string | null;
}

export function insertWatch(db: Db, watch: NewWatch): Promise<Watch> {
  return db.watch.create({ data: watch });
}

/** The watch if it belongs to `accountId` (another account's watch is not found: ids never leak). */
export function findOwnWatch(db: Db, accountId: string, watchId: string): Promise<Watch | null> {
  return db.watch.findFirst({ where: { id: watchId, accountId } });
}

export function findWatch(db: Db, watchId: string): Promise<Watch | null> {
  return db.watch.findUnique({ where: { id: watchId } });
}

export function countWatches(db: Db, accountId: string): Promise<number> {
  return db.watch.count({ where: { accountId } });
}

/** A page of the account's watches of `kinds`, newest first, after `after` (the last one of the previous page). */
export function listWatches(db: Db, accountId: string, kinds: Watch['kind'][], limit: number, after?: { createdAt: Date; id: string }): Promise<Watch[]> {
  return db.watch.findMany({
    where: {
      accountId,
      kind: { in: kinds },
      ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit,
  });
}

export function updateWatch(db: Db, watchId: string, data: Prisma.WatchUpdateInput): Promise<Watch> {
  return db.watch.update({ where: { id: watchId }, data });
}

/** Paused by the system (quota, deactivation, plan); a watch the user paused keeps the user's reason. Null when it was already paused. */
export async function pauseWatchFor(db: Db, watchId: string, reason: PausedReason, at = new Date()): Promise<boolean> {
  const { count } = await db.watch.updateMany({ where: { id: watchId, paused: false }, data: { paused: true, pausedReason: reason, pausedAt: at } });
  return count > 0;
}

export async function deleteWatchRow(db: Db, watchId: string): Promise<void> {
  await db.watch.deleteMany({ where: { id: watchId } });
}

export function recentRuns(db: Db, watchId: string, limit: number = WATCH_LIMITS.recentRuns): Promise<WatchRun[]> {
  return db.watchRun.findMany({ where: { watchId }, orderBy: [{ startedAt: 'desc' }, { id: 'desc' }], take: limit });
}

export function lastRunsOf(db: Db, watchIds: string[]): Promise<WatchRun[]> {
  return db.watchRun.findMany({ where: { watchId: { in: watchIds } }, orderBy: { startedAt: 'desc' }, distinct: ['watchId'] });
}

export function findRunByTick(db: Db, tickId: string): Promise<WatchRun | null> {
  return db.watchRun.findUnique({ where: { tickId } });
}

/**
 * The tick's run, created once: a retried activity gets the same row back (unique tick id), so its job id
 * — chosen here, before the job exists — is the same on every attempt.
 */
export async function claimRun(db: Db, watchId: string, tickId: string, scheduledAt: Date, now = new Date()): Promise<WatchRun> {
  await db.watchRun.createMany({
    data: [{ id: randomUUID(), watchId, tickId, jobId: randomUUID(), scheduledAt, startedAt: now, status: 'running' }],
    skipDuplicates: true,
  });
  return db.watchRun.findUniqueOrThrow({ where: { tickId } });
}

/**
 * The tick's run as skipped (the watch was gone, paused, or just paused itself): created, or — when the
 * run was claimed before the job could be written — turned into a skip, in one statement.
 */
export async function recordSkippedRun(db: Db, watchId: string, tickId: string, scheduledAt: Date, reason: string, now = new Date()): Promise<void> {
  await db.watchRun.upsert({
    where: { tickId },
    create: { id: randomUUID(), watchId, tickId, scheduledAt, startedAt: now, finishedAt: now, status: 'skipped', skippedReason: reason },
    update: { status: 'skipped', skippedReason: reason, jobId: null, finishedAt: now },
  });
}

export async function finishRun(db: Db, tickId: string, found: { pages: number; changed: number; deliveryId: string | null }, now = new Date()): Promise<void> {
  await db.watchRun.updateMany({ where: { tickId }, data: { status: 'done', finishedAt: now, pages: found.pages, changed: found.changed, deliveryId: found.deliveryId } });
}

/** The expiry sweep: run records older than WATCH_LIMITS.runRetentionDays. */
export async function deleteOldRuns(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - WATCH_LIMITS.runRetentionDays * 86_400_000);
  const { count } = await db.watchRun.deleteMany({ where: { startedAt: { lt: before } } });
  return count;
}

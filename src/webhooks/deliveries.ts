import { randomUUID } from 'node:crypto';
import { Prisma, type WebhookDelivery } from '@prisma/client';
import type { Db } from '../db/prisma.js';
import { jobFileLinks, toResultEntry, type ResultEntry } from '../jobs/view.js';
import type { FileLink } from '../pages/captured-files.js';
import type { FileLinkSigner } from '../files/signed-links.js';
import { findJob, resultsFrom } from '../jobs/store/index.js';
import { completionBody, thinCompletionEvent } from './completion-payload.js';
import type { AttemptOutcome } from './send-attempt.js';

/** Webhook deliveries in the database: creation (once per job), attempt bookkeeping, final states. */

export const JOB_COMPLETED_EVENT = 'job.completed';

const isUniqueViolation = (err: unknown) => err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';

/** A job's results in position order, read in pages so a large job is never loaded at once. */
async function* resultEntries(db: Db, jobId: string, link: FileLink | undefined, pageSize = 200): AsyncGenerator<ResultEntry> {
  let after = -1;
  for (;;) {
    const rows = await resultsFrom(db, jobId, after + 1, pageSize);
    for (const row of rows) yield toResultEntry(row, link);
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    after = last.position;
  }
}

/**
 * The job's `job.completed` delivery, created at most once (unique on `completion_of`): a retried or
 * replayed caller gets the same delivery back. Null when the job asked for no webhook (or is gone).
 * The body is built here, once, so attempts and redeliveries send the same bytes after the job expires.
 * `fileLinks` signs the links of the results' screenshots (with `webhook_include_results`).
 */
export async function createCompletionDelivery(db: Db, jobId: string, baseUrl: string, fileLinks?: FileLinkSigner): Promise<{ deliveryId: string } | null> {
  const existing = await db.webhookDelivery.findUnique({ where: { completionOf: jobId }, select: { id: true } });
  if (existing) return { deliveryId: existing.id };
  const job = await findJob(db, jobId);
  if (!job?.webhookUrl) return null;
  const thin = thinCompletionEvent(job, baseUrl);
  const body = await completionBody(thin, job.webhookIncludeResults ? resultEntries(db, jobId, fileLinks ? jobFileLinks(fileLinks, job) : undefined) : undefined);
  try {
    const created = await db.webhookDelivery.create({
      data: { id: randomUUID(), accountId: job.accountId, jobId, completionOf: jobId, event: JOB_COMPLETED_EVENT, url: job.webhookUrl, body },
      select: { id: true },
    });
    return { deliveryId: created.id };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const winner = await db.webhookDelivery.findUniqueOrThrow({ where: { completionOf: jobId }, select: { id: true } });
    return { deliveryId: winner.id };
  }
}

/**
 * A delivery of another event about a job (a watch run's `watch.changed`), its body built by the caller.
 * Created at most once per job (`completion_of`: a watch's job has no webhook_url of its own, so it never
 * has a job.completed delivery), so a retried activity gets the same delivery back.
 */
export async function createEventDelivery(db: Db, event: { accountId: string; jobId: string; event: string; url: string; body: string }): Promise<{ deliveryId: string }> {
  const existing = await db.webhookDelivery.findUnique({ where: { completionOf: event.jobId }, select: { id: true } });
  if (existing) return { deliveryId: existing.id };
  try {
    const created = await db.webhookDelivery.create({ data: { id: randomUUID(), completionOf: event.jobId, ...event }, select: { id: true } });
    return { deliveryId: created.id };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return { deliveryId: (await db.webhookDelivery.findUniqueOrThrow({ where: { completionOf: event.jobId }, select: { id: true } })).id };
  }
}

/** A copy of `original` with a new id (the redelivery's own `X-Pith-Delivery-Id`), same URL and body. */
export function createRedelivery(db: Db, original: WebhookDelivery): Promise<WebhookDelivery> {
  return db.webhookDelivery.create({
    data: { id: randomUUID(), accountId: original.accountId, jobId: original.jobId, redeliveryOfId: original.id, event: original.event, url: original.url, body: original.body },
  });
}

/** Writes the attempt's row before anything is sent, so an attempt whose worker dies is still on record. */
export async function beginAttempt(db: Db, deliveryId: string, number: number, startedAt = new Date()): Promise<WebhookDelivery | null> {
  const delivery = await db.webhookDelivery.findUnique({ where: { id: deliveryId } });
  if (!delivery) return null;
  await db.webhookAttempt.upsert({
    where: { deliveryId_number: { deliveryId, number } },
    create: { deliveryId, number, startedAt },
    update: { startedAt, finishedAt: null, durationMs: null, statusCode: null, error: null, succeeded: false },
  });
  return delivery;
}

/** The attempt's outcome; a success also settles the delivery, in the same transaction. */
export async function finishAttempt(db: Db, deliveryId: string, number: number, outcome: AttemptOutcome, finishedAt = new Date()): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.webhookAttempt.update({
      where: { deliveryId_number: { deliveryId, number } },
      data: { finishedAt, durationMs: outcome.durationMs, statusCode: outcome.statusCode, error: outcome.error, succeeded: outcome.succeeded },
    });
    if (outcome.succeeded) await tx.webhookDelivery.updateMany({ where: { id: deliveryId, status: 'pending' }, data: { status: 'delivered', deliveredAt: finishedAt } });
  });
}

/**
 * Closes an attempt that never reported back (its worker died, or it overran its time): recorded as a
 * failure with `reason` — unless it had in fact finished and recorded itself, whose outcome then stands.
 */
export async function closeInterruptedAttempt(db: Db, deliveryId: string, number: number, reason: string, now = new Date()): Promise<{ succeeded: boolean }> {
  const attempt = await db.webhookAttempt.findUnique({ where: { deliveryId_number: { deliveryId, number } } });
  if (attempt?.finishedAt) return { succeeded: attempt.succeeded };
  if (!(await db.webhookDelivery.findUnique({ where: { id: deliveryId }, select: { id: true } }))) return { succeeded: false };
  const error = `interrupted: ${reason}`;
  await db.webhookAttempt.upsert({
    where: { deliveryId_number: { deliveryId, number } },
    create: { deliveryId, number, startedAt: now, finishedAt: now, error, succeeded: false },
    update: { finishedAt: now, durationMs: attempt ? now.getTime() - attempt.startedAt.getTime() : null, error, succeeded: false },
  });
  return { succeeded: false };
}

/** Every attempt failed: the delivery is dead-lettered (kept and listed; `redeliver` can send it again). */
export async function deadLetterDelivery(db: Db, deliveryId: string, at = new Date()): Promise<void> {
  await db.webhookDelivery.updateMany({ where: { id: deliveryId, status: 'pending' }, data: { status: 'dead_lettered', deadLetteredAt: at } });
}

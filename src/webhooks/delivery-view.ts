import type { WebhookAttempt, WebhookDelivery } from '@prisma/client';
import type { Db } from '../db/prisma.js';
import { msToNumber } from '@temporalio/common/lib/time.js';
import { ApiError } from '../contract/errors.js';
import { WEBHOOK_RETRY_DELAYS } from '../../workflows/webhook-delivery.js';

/** GET /webhooks/deliveries: the account's deliveries with their attempts, newest first. */

export interface WebhookAttemptView {
  number: number;
  at: string;
  duration_ms: number | null;
  status_code: number | null;
  error: string | null;
  state: 'in_flight' | 'succeeded' | 'failed';
}

export interface WebhookDeliveryView {
  id: string;
  event: string;
  job_id: string | null;
  url: string;
  status: 'pending' | 'delivered' | 'dead_lettered';
  redelivery_of: string | null;
  created_at: string;
  delivered_at: string | null;
  dead_lettered_at: string | null;
  /** Pending, after a failed attempt: when the delivery workflow's timer fires the next one. */
  next_attempt_at: string | null;
  attempts: WebhookAttemptView[];
}

export interface WebhookDeliveryPage {
  data: WebhookDeliveryView[];
  next_cursor: string | null;
}

function attemptView(row: WebhookAttempt): WebhookAttemptView {
  return {
    number: row.number,
    at: row.startedAt.toISOString(),
    duration_ms: row.durationMs,
    status_code: row.statusCode,
    error: row.error,
    state: row.finishedAt === null ? 'in_flight' : row.succeeded ? 'succeeded' : 'failed',
  };
}

const RETRY_DELAYS_MS = WEBHOOK_RETRY_DELAYS.map((delay) => msToNumber(delay));

/**
 * The workflow sleeps its delay once the failed attempt has been recorded, so the next attempt is due
 * then (to within the moment the timer was written). None while an attempt is in flight, after the
 * last attempt, or once delivered or dead-lettered.
 */
function nextAttemptAt(row: WebhookDelivery, attempts: WebhookAttempt[]): string | null {
  if (row.status !== 'pending') return null;
  const last = attempts.at(-1);
  if (!last?.finishedAt || last.succeeded) return null;
  const delay = RETRY_DELAYS_MS[last.number - 1];
  return delay === undefined ? null : new Date(last.finishedAt.getTime() + delay).toISOString();
}

export function deliveryView(row: WebhookDelivery & { attempts: WebhookAttempt[] }): WebhookDeliveryView {
  const attempts = [...row.attempts].sort((a, b) => a.number - b.number);
  return {
    id: row.id,
    event: row.event,
    job_id: row.jobId,
    url: row.url,
    status: row.status,
    redelivery_of: row.redeliveryOfId,
    created_at: row.createdAt.toISOString(),
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    dead_lettered_at: row.deadLetteredAt?.toISOString() ?? null,
    next_attempt_at: nextAttemptAt(row, attempts),
    attempts: attempts.map(attemptView),
  };
}

/** Cursor: `<created_at ms>.<id>` of the last delivery of the previous page (keyset paging, stable under inserts). */
export const DELIVERY_CURSOR_PATTERN = /^(\d{1,15})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

const cursorOf = (row: WebhookDelivery) => `${row.createdAt.getTime()}.${row.id}`;

/** Which deliveries to list: a page of them, optionally only one job's (`job_id`). */
export interface DeliveryListing {
  limit: number;
  cursor?: string | undefined;
  jobId?: string | undefined;
}

export async function listDeliveries(db: Db, accountId: string, { limit, cursor, jobId }: DeliveryListing): Promise<WebhookDeliveryPage> {
  const match = cursor ? DELIVERY_CURSOR_PATTERN.exec(cursor) : null;
  if (cursor && !match) throw new ApiError('invalid_request', 'cursor: must be a cursor from a previous page');
  const after = match ? { at: new Date(Number(match[1])), id: match[2] ?? '' } : null;
  const rows = await db.webhookDelivery.findMany({
    where: { accountId, ...(jobId ? { jobId: jobId.toLowerCase() } : {}), ...(after ? { OR: [{ createdAt: { lt: after.at } }, { createdAt: after.at, id: { lt: after.id } }] } : {}) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
    include: { attempts: true },
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { data: page.map(deliveryView), next_cursor: rows.length > limit && last ? cursorOf(last) : null };
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The account's own delivery; another account's is as unknown as a missing one (404, nothing leaks). */
export async function findOwnDelivery(db: Db, accountId: string, deliveryId: string): Promise<WebhookDelivery> {
  const row = UUID_PATTERN.test(deliveryId) ? await db.webhookDelivery.findFirst({ where: { id: deliveryId.toLowerCase(), accountId } }) : null;
  if (!row) throw new ApiError('delivery_not_found', `No webhook delivery ${deliveryId} on this account`);
  return row;
}

import { z } from 'zod';
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { deliveriesQuery } from '../../contract/requests.js';
import { ResultEntrySchema } from './content-shapes.js';

/** Webhook shapes: the `job.completed` notification Pith sends, and the delivery history routes (beyond the contract). */

export const DeliveriesQuery = deliveriesQuery;
export const deliveryIdParams = z.object({ id: z.uuid().meta({ description: 'The delivery id: the `X-Pith-Delivery-Id` the receiver saw.' }) });

const deliveryStatus = z.enum(['pending', 'delivered', 'dead_lettered']).meta({
  description: '`pending`: attempts remain (or one is in flight); `delivered`: a 2xx was received; `dead_lettered`: all seven attempts failed.',
});

const WebhookAttemptSchema = z
  .object({
    number: z.int().min(1).max(7),
    at: z.iso.datetime().meta({ description: 'When the attempt started.' }),
    duration_ms: z.int().nullable().meta({ description: 'Until the receiver answered or the attempt failed; null while in flight.' }),
    status_code: z.int().nullable().meta({ description: "The receiver's HTTP status; null when none was received." }),
    error: z.string().nullable().meta({ description: 'Why the attempt failed: `HTTP <status>`, `timeout: …`, `dns: …`, `tls: …`, `refused: …` (non-public address), `connection: …`, `interrupted: …`. Null on success.' }),
    state: z.enum(['in_flight', 'succeeded', 'failed']),
  })
  .meta({ id: 'WebhookAttempt' });

export const WebhookDeliverySchema = z
  .object({
    id: z.uuid().meta({ description: 'Sent as `X-Pith-Delivery-Id`; the same on every attempt of this delivery.' }),
    event: z.enum(['job.completed', 'watch.changed']),
    job_id: z.uuid().nullable(),
    url: z.string().meta({ description: 'The `webhook_url` of the job.' }),
    status: deliveryStatus,
    redelivery_of: z.uuid().nullable().meta({ description: 'The delivery this one re-sends, for a redelivery.' }),
    created_at: z.iso.datetime(),
    delivered_at: z.iso.datetime().nullable(),
    dead_lettered_at: z.iso.datetime().nullable(),
    next_attempt_at: z.iso.datetime().nullable().meta({ description: 'While pending after a failed attempt: when the next attempt is due (30 s, 5 min, 30 min, 2 h, 12 h, 24 h after the 1st…6th). Null otherwise.' }),
    attempts: z.array(WebhookAttemptSchema).meta({ description: 'Every attempt so far, in order (at most 7).' }),
  })
  .meta({ id: 'WebhookDelivery', description: 'One `job.completed` or `watch.changed` notification and its attempts. Kept after the job itself has expired.' });

export const WebhookDeliveryPageSchema = z
  .object({
    data: z.array(WebhookDeliverySchema),
    next_cursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next (older) page; null on the last page.' }),
  })
  .meta({ id: 'WebhookDeliveryPage', description: "The account's deliveries, newest first." });

export const JobCompletedEventSchema = z
  .object({
    event: z.literal('job.completed'),
    job_id: z.uuid(),
    kind: z.enum(['bulk', 'crawl']),
    status: z.string().meta({ description: 'The job status, e.g. `done`.' }),
    total: z.int(),
    completed: z.int(),
    finished_at: z.iso.datetime(),
    truncated: z.boolean().optional().meta({ description: 'Crawl jobs only.' }),
    truncated_reason: z.enum(['page_limit', 'quota_exhausted', 'time_limit']).nullable().optional().meta({ description: 'Crawl jobs only.' }),
    results_url: z.url().meta({ description: '`GET /bulk/{job_id}` or `GET /crawl/{job_id}`; read it with a normal key while the job lives (6 hours).' }),
    results: z.array(ResultEntrySchema).optional().meta({ description: 'With `webhook_include_results: true`, when the body stays within 5 MiB.' }),
    results_truncated_for_size: z.literal(true).optional().meta({ description: 'With `webhook_include_results: true`, when the results did not fit in 5 MiB: the thin shape is sent instead.' }),
  })
  .meta({ id: 'JobCompletedEvent', description: 'The body of the `job.completed` notification.' });

export const deliveryHeaders = z.object({
  'X-Pith-Delivery-Id': z.uuid().meta({ description: 'Stable across the attempts of one delivery: deduplicate on it. A redelivery has a new id.' }),
  'X-Pith-Timestamp': z.string().regex(/^\d+$/).meta({ description: 'Unix seconds when this attempt was signed. Reject drifts over 5 minutes.' }),
  'X-Pith-Signature': z.string().regex(/^v1,/).meta({
    description: '`v1,` + base64 HMAC-SHA256 over `<delivery_id>.<timestamp>.<raw body bytes>`; the key is the 32 bytes decoded from the hex after `whsec_`. Compare in constant time.',
  }),
});

/** The notification itself, under the document's `webhooks` (OpenAPI 3.1). */
export function registerJobCompletedWebhook(registry: OpenAPIRegistry): void {
  registry.registerWebhook({
    method: 'post',
    path: 'job.completed',
    tags: ['Jobs'],
    summary: 'A bulk or crawl job finished',
    description:
      'POSTed to the job\'s `webhook_url` when the job finishes. Answer 2xx within 10 seconds; anything else (timeout, 3xx — redirects are not followed —, 4xx, 5xx, DNS or TLS failure) is retried after 30 s, 5 min, 30 min, 2 h, 12 h and 24 h: seven attempts, then the delivery is dead-lettered (see `GET /webhooks/deliveries`). At least once: deduplicate on `X-Pith-Delivery-Id`. Each attempt is signed afresh with the account\'s current secret.',
    request: { headers: deliveryHeaders, body: { required: true, content: { 'application/json': { schema: JobCompletedEventSchema } } } },
    responses: { '200': { description: 'Any 2xx within 10 seconds acknowledges the delivery.' } },
  });
}

import { z } from 'zod';
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { watchBody, watchListQuery, watchPatchBody } from '../../contract/requests.js';

/** Watches (beyond the contract): requests, the watch object, and the `watch.changed` notification. */

const EVERY =
  '`"15m"`, `"6h"`, `"1d"` (minutes, hours or days; at most `"30d"`) or a five-field cron expression in UTC (`"0 9 * * 1-5"`: digits, names, `*`, `,`, `-`, `/`). Counted from creation for intervals. The plan sets the shortest: Free 1 day, Pro 1 hour, Growth 15 minutes, Enterprise 5 minutes (a cron expression by its shortest gap between runs); shorter is 422 `watch_interval_too_short`, unparseable 422 `invalid_request` naming `every`.';

export const WatchRequest = watchBody.safeExtend({ every: watchBody.shape.every.meta({ description: EVERY }) }).meta({
  id: 'WatchRequest',
  description:
    'Exactly one of `urls` (each run is a bulk job of them; the plan\'s bulk cap applies; scope `bulk`) or `crawl` (each run is a crawl with these fields of POST /crawl; Pro and up; scope `crawl`). The page fields mean what they mean on POST /bulk (except `max_age`: a watch always looks at the page itself) and `change_tracking` is always on. The key\'s policy is checked now and stored with the watch.',
});
export const WatchPatchRequest = watchPatchBody.safeExtend({ every: watchPatchBody.shape.every.meta({ description: EVERY }) }).meta({
  id: 'WatchPatchRequest',
  description: '`paused: true` pauses the schedule (`paused_reason: "user"`), `false` resumes it (also a watch that paused itself). `every` changes the interval (same rules as on creation). `webhook_url: null` removes the webhook.',
});
export const WatchListQuery = watchListQuery;
export const watchIdParams = z.object({ watch_id: z.uuid().meta({ description: 'The `watch_id` returned at creation.' }) });

const WatchRunSchema = z
  .object({
    run_id: z.uuid(),
    scheduled_at: z.iso.datetime().meta({ description: 'The tick this run stands for (a tick caught up after an outage keeps its due time).' }),
    started_at: z.iso.datetime(),
    finished_at: z.iso.datetime().nullable(),
    status: z.enum(['running', 'done', 'skipped']),
    skipped_reason: z.string().nullable().meta({ description: '`paused`, `quota_exhausted`, `account_deactivated`, `plan_not_supported`.' }),
    job_id: z.uuid().nullable().meta({ description: 'The bulk or crawl job the run submitted: readable with GET /jobs/{job_id} for 6 hours.' }),
    pages: z.int().nullable().meta({ description: 'Pages the run looked at.' }),
    changed: z.int().nullable().meta({ description: 'Pages that were `changed` or `removed`.' }),
    delivery_id: z.uuid().nullable().meta({ description: 'The `watch.changed` delivery, when one was sent.' }),
  })
  .meta({ id: 'WatchRun' });

export const WatchSchema = z
  .object({
    watch_id: z.uuid(),
    kind: z.enum(['bulk', 'crawl']),
    urls: z.array(z.string()).optional(),
    crawl: z.object({ url: z.string(), depth: z.int(), limit: z.int() }).optional(),
    every: z.string(),
    formats: z.array(z.string()).nullable().meta({ description: 'The content formats each result keeps (null: all).' }),
    webhook_url: z.string().nullable(),
    status: z.enum(['active', 'paused']),
    paused_reason: z.string().nullable().meta({ description: '`user`, or why the watch paused itself: `quota_exhausted` (the month\'s allowance is spent), `account_deactivated`, `plan_not_supported` (a crawl watch after a downgrade to Free). Resume with PATCH `paused: false`.' }),
    paused_at: z.iso.datetime().nullable(),
    schedule_id: z.string().meta({ description: 'The Temporal Schedule (`watch-<id>`); its runs carry the search attributes `AccountId` and `WatchId`.' }),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    last_run: WatchRunSchema.nullable().optional().meta({ description: 'In lists: the latest run.' }),
    next_run_at: z.iso.datetime().nullable().optional().meta({ description: 'GET /watches/{id}: the next tick (null when paused or the job engine did not answer).' }),
    recent_runs: z.array(WatchRunSchema).optional().meta({ description: 'GET /watches/{id}: the 20 latest runs, newest first (kept 90 days).' }),
  })
  .meta({ id: 'Watch' });

export const CreatedWatchSchema = WatchSchema.extend({
  webhook_signing_secret: z.string().nullable().meta({ description: "The account's webhook secret when this watch minted it (the account's first webhook_url); null otherwise." }),
}).meta({ id: 'CreatedWatch' });

export const DeletedWatchSchema = z.object({ watch_id: z.uuid(), deleted: z.literal(true) }).meta({ id: 'DeletedWatch' });

export const WatchPageSchema = z.object({ watches: z.array(WatchSchema), next_cursor: z.string().nullable() }).meta({ id: 'WatchPage' });

const ChangedPageSchema = z.object({
  url: z.string(),
  status: z.enum(['changed', 'removed']),
  previous_at: z.iso.datetime().nullable(),
  diff: z.string().nullable().meta({ description: 'Unified diff of the markdown (at most 64 KiB, cut at a line); null for `removed` or when left out.' }),
  diff_truncated: z.boolean().optional(),
});

export const WatchChangedEventSchema = z
  .object({
    event: z.literal('watch.changed'),
    watch_id: z.uuid(),
    kind: z.enum(['bulk', 'crawl']),
    job_id: z.uuid(),
    scheduled_at: z.iso.datetime(),
    finished_at: z.iso.datetime(),
    pages: z.int(),
    changed: z.int(),
    changes: z.array(ChangedPageSchema).meta({ description: 'Only the pages that changed, in the job\'s order.' }),
    diffs_omitted_for_size: z.literal(true).optional().meta({ description: 'The body would pass 5 MiB: the diffs are left out (the job\'s results have them).' }),
    results_url: z.string(),
    watch_url: z.string(),
  })
  .meta({ id: 'WatchChangedEvent', description: 'The body of the `watch.changed` notification.' });

/** Registered next to job.completed: same headers, signing, retries and dead-lettering. */
export function registerWatchChangedWebhook(registry: OpenAPIRegistry, headers: z.ZodObject): void {
  registry.registerWebhook({
    method: 'post',
    path: 'watch.changed',
    tags: ['Watches'],
    summary: 'A watch run found changed pages',
    description:
      "POSTed to the watch's `webhook_url` after a run in which at least one page was `changed` or `removed` (a first look, `new`, is not a change); lists only those pages. Same headers, signature, 10-second answer, retries (30 s … 24 h, seven attempts) and dead-lettering as `job.completed`; listed in `GET /webhooks/deliveries`.",
    request: { headers, body: { required: true, content: { 'application/json': { schema: WatchChangedEventSchema } } } },
    responses: { '200': { description: 'Any 2xx within 10 seconds acknowledges the delivery.' } },
  });
}

import { createJobActivities, type JobActivityDeps } from './job-activities.js';
import { createBulkBatchActivity } from './bulk-batch.js';
import { jobSettingsCache } from './job-settings.js';
import { ResultWriter } from '../src/jobs/result-writer.js';
import { createCrawlActivities } from './crawl-activities.js';
import { createExpiryActivities } from './expiry-activities.js';
import { createWebhookActivities } from './webhook-activities.js';
import { createWatchActivities } from './watch-activities.js';
import type { Client } from '@temporalio/client';
import type { JobActivities, WatchActivities, WebhookActivities } from '../workflows/activities.js';

/** `temporal`: a client on the worker's connection, for watches that pause their own schedule. */
export type ActivityDeps = JobActivityDeps & { temporal: Client };

/** Every activity the worker registers, bound to its dependencies. */
export function createActivities(deps: ActivityDeps): JobActivities & WebhookActivities & WatchActivities {
  const settingsOf = jobSettingsCache(deps.db);
  // One writer per worker: the results of all its running batches are stored together.
  const writer = new ResultWriter(deps.db, { flushMs: deps.cfg.JOB_RESULT_FLUSH_MS, maxRows: deps.cfg.JOB_RESULT_FLUSH_ROWS });
  return {
    ...createJobActivities(deps, settingsOf),
    ...createBulkBatchActivity(deps, settingsOf, writer),
    ...createCrawlActivities(deps),
    ...createExpiryActivities(deps),
    ...createWebhookActivities(deps),
    ...createWatchActivities(deps),
  };
}

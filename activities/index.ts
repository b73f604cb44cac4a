import { createJobActivities, type JobActivityDeps } from './job-activities.js';
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
  return { ...createJobActivities(deps), ...createCrawlActivities(deps), ...createExpiryActivities(deps), ...createWebhookActivities(deps), ...createWatchActivities(deps) };
}

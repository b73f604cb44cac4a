import { createJobActivities, type JobActivityDeps } from './job-activities.js';
import { createCrawlActivities } from './crawl-activities.js';
import { createExpiryActivities } from './expiry-activities.js';
import { createWebhookActivities } from './webhook-activities.js';
import type { JobActivities, WebhookActivities } from '../workflows/activities.js';

export type ActivityDeps = JobActivityDeps;

/** Every activity the worker registers, bound to its dependencies. */
export function createActivities(deps: ActivityDeps): JobActivities & WebhookActivities {
  return { ...createJobActivities(deps), ...createCrawlActivities(deps), ...createExpiryActivities(deps), ...createWebhookActivities(deps) };
}

import { ParentClosePolicy, executeChild, proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { WatchActivities } from './activities.js';
import { BOOKKEEPING_ACTIVITY } from './activity-options.js';
import { bulkJobWorkflow } from './bulk-job.js';
import { crawlJobWorkflow } from './crawl-job.js';
import { SCHEDULED_START_TIME, SEARCH_ATTRIBUTE_KEYS } from './search-attributes.js';
import { startWebhookDelivery } from './webhook-delivery.js';

export interface WatchRunInput {
  watchId: string;
}

export type WatchRunOutcome = { status: 'skipped'; reason: string } | { status: 'done'; jobId: string; pages: number; changed: number };

const { beginWatchRun, concludeWatchRun } = proxyActivities<WatchActivities>(BOOKKEEPING_ACTIVITY);

/**
 * One tick of the Schedule `watch-<id>`: starts the watch's bulk or crawl job (change tracking on; the
 * activity writes and meters it, once per tick however often it is retried), runs it as a child — so it
 * shows in the Web UI under this run, with the account's search attributes — and then sends
 * `watch.changed` if any page changed. The tick's workflow id identifies the run.
 */
export async function watchRunWorkflow({ watchId }: WatchRunInput): Promise<WatchRunOutcome> {
  const info = workflowInfo();
  // A run started by hand (no Schedule) has no scheduled time: it stands for its own start.
  const scheduledAt = info.typedSearchAttributes.get(SCHEDULED_START_TIME) ?? new Date(info.startTime);
  const tickId = info.workflowId;
  const run = await beginWatchRun({ watchId, tickId, scheduledAt: scheduledAt.toISOString() });
  if (run.skipped) return { status: 'skipped', reason: run.skipped };

  const child = {
    workflowId: run.workflowId,
    // The job finishes even if this run is terminated: its results are paid for.
    parentClosePolicy: ParentClosePolicy.ABANDON,
    typedSearchAttributes: [
      { key: SEARCH_ATTRIBUTE_KEYS.accountId, value: run.accountId },
      { key: SEARCH_ATTRIBUTE_KEYS.jobKind, value: run.crawl ? 'crawl' : 'bulk' },
      { key: SEARCH_ATTRIBUTE_KEYS.jobStatus, value: 'queued' },
      { key: SEARCH_ATTRIBUTE_KEYS.watchId, value: watchId },
    ],
  };
  if (run.crawl) await executeChild(crawlJobWorkflow, { ...child, args: [run.crawl] });
  else if (run.bulk) await executeChild(bulkJobWorkflow, { ...child, args: [run.bulk] });

  const found = await concludeWatchRun({ watchId, tickId });
  if (found.deliveryId) await startWebhookDelivery(found.deliveryId);
  return { status: 'done', jobId: run.jobId, pages: found.pages, changed: found.changed };
}

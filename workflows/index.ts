// Every workflow the worker registers. Only @temporalio/workflow and types may be imported here (lint-enforced).
export { bulkJobWorkflow } from './bulk-job.js';
export { crawlJobWorkflow } from './crawl-job.js';
export { expireJobsWorkflow } from './expire-jobs.js';
export { webhookDeliveryWorkflow } from './webhook-delivery.js';
export { watchRunWorkflow } from './watch-run.js';

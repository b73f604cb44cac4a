// Every workflow the worker registers. Only @temporalio/workflow and types may be imported here (lint-enforced).
export { bulkJobWorkflow } from './bulk-job.js';

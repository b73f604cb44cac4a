// The jobs store: the only code that reads or writes the `jobs`, `job_results` and `crawl_urls` tables.
export { insertJob, insertJobs, isUniqueViolation, newJob, type JobRow } from './insert-job.js';
export * from './job-rows.js';
export * from './results.js';
export * from './crawl-pages.js';
export * from './job-list.js';
export * from './job-progress.js';
export * from './result-batches.js';

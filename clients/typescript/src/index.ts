/** pith-client: the Pith API from TypeScript. */
export { PithClient, type PithClientOptions } from './client.js';
export type { BulkRequest, CrawlRequest, ExtractRequest, ExtractResponse, Job, JobListQuery, JobPage, JobProgress, JobSummary, LogEntry, LogFilters, MapRequest, ResultEntry, SearchRequest, Usage, Watch, WatchPatchRequest, WatchRequest, WebhookDelivery } from './client.js';
export { PithConnectionError, PithError, PithTimeoutError, type ErrorBody } from './errors.js';
export { PithWebhookVerificationError, verifyPithWebhook, verifyWebhook, type PithJobCompletedEvent, type VerifyPithWebhookInput } from './webhooks.js';
export type { components, paths } from './generated/openapi.js';

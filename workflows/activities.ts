/**
 * The activities workflows schedule, as the workflows see them: names, inputs and outputs. Declared here
 * (types only) so that workflows never import activities/; activities/ implements these interfaces, and the
 * compiler checks that it does.
 */

import type { BulkJobInput, CrawlJobInput } from './job-inputs.js';

/** Why a crawl stopped before its frontier was exhausted (`truncated_reason`). */
export type TruncatedReason = 'page_limit' | 'quota_exhausted' | 'time_limit';

export type RobotsModeInput = 'off' | 'advisory' | 'strict';

export interface ExtractJobUrlInput {
  jobId: string;
  position: number;
  url: string;
  robots?: RobotsModeInput;
}

/** A batch of a bulk job's URLs, at positions `from`, `from + 1`, … */
export interface ExtractJobUrlsInput {
  jobId: string;
  from: number;
  urls: string[];
  robots?: RobotsModeInput;
}

/** What a batch came to: its URLs extracted (`succeeded`) or stored as failed entries. */
export interface BatchOutcome {
  succeeded: number;
  failed: number;
}

export interface CrawlPageOutcome {
  ok: boolean;
  /** URLs the crawl has admitted after this page (its `total` so far). */
  discovered: number;
  /** The month's allowance is spent: the page was not fetched nor stored, and the crawl stops. */
  quotaExhausted: boolean;
  /** robots.txt Crawl-delay of the site, in ms (0: none). */
  crawlDelayMs: number;
}

/** Admitted pages `from`…`to - 1` of a crawl, handled one after another by one activity. */
export interface CrawlBatchInput {
  jobId: string;
  from: number;
  to: number;
  /** The lane's pause between two pages; robots.txt Crawl-delay may raise it, up to `maxRobotsDelayMs`. */
  delayMs: number;
  maxRobotsDelayMs: number;
  /** Epoch ms after which no page is started (`time_limit`). */
  deadline: number;
}

export interface CrawlBatchOutcome extends BatchOutcome {
  /** URLs the crawl has admitted after the batch (its `total` so far). */
  discovered: number;
  /** The month's allowance is spent: the batch stopped before a page it could not pay for, and the crawl stops. */
  quotaExhausted: boolean;
  /** The crawl's time limit passed: the batch stopped before its next page. */
  timeLimited: boolean;
  /** robots.txt Crawl-delay of the site, in ms (0: none). */
  crawlDelayMs: number;
}

export interface CrawlFinish {
  status: 'done' | 'failed';
  pages: number;
  truncatedReason: TruncatedReason | null;
}

/** Bulk and crawl jobs, and the expiry sweep. */
export interface JobActivities {
  /** Extracts and stores one URL of a bulk job; only `ok` crosses history. */
  extractJobUrl(input: ExtractJobUrlInput): Promise<{ ok: boolean }>;
  /** Extracts and stores a batch of a bulk job's URLs, one after another; only the counts cross history. */
  extractJobUrls(input: ExtractJobUrlsInput): Promise<BatchOutcome>;
  markJobRunning(input: { jobId: string }): Promise<void>;
  markJobFinished(input: { jobId: string }): Promise<void>;
  crawlPage(input: { jobId: string; ordinal: number }): Promise<CrawlPageOutcome>;
  /** Fetches, extracts and stores a batch of a crawl's admitted pages, one after another. */
  crawlPages(input: CrawlBatchInput): Promise<CrawlBatchOutcome>;
  finishCrawl(input: { jobId: string; stoppedBy: TruncatedReason | null }): Promise<CrawlFinish>;
  deleteExpiredJobs(): Promise<{ deleted: number }>;
}

export interface WebhookAttemptInput {
  deliveryId: string;
  /** 1 to 7. */
  attempt: number;
}

/** What a watch's run needs to start its job: the job's workflow and the arguments it starts with. */
export type WatchRunStart =
  | { skipped: WatchSkipReason }
  | {
      skipped?: undefined;
      jobId: string;
      accountId: string;
      workflowId: string;
      /** Exactly one of these, by the watch's kind (the job workflow's input, as POST /bulk or /crawl would start it). */
      bulk?: BulkJobInput;
      crawl?: CrawlJobInput;
    };

/** Why a run did nothing: the watch is gone or paused, or it has just paused itself (the last three). */
export type WatchSkipReason = 'deleted' | 'paused' | 'quota_exhausted' | 'account_deactivated' | 'plan_not_supported';

export interface WatchRunConclusion {
  pages: number;
  changed: number;
  /** The `watch.changed` delivery to start (null: nothing changed, or the watch has no webhook_url). */
  deliveryId: string | null;
}

/** Watch runs: start the tick's job (metered, idempotent per tick), then collect its changes. */
export interface WatchActivities {
  beginWatchRun(input: { watchId: string; tickId: string; scheduledAt: string }): Promise<WatchRunStart>;
  concludeWatchRun(input: { watchId: string; tickId: string }): Promise<WatchRunConclusion>;
}

/** `job.completed` deliveries. */
export interface WebhookActivities {
  /** Creates the job's delivery once (null: the job has no webhook_url). */
  prepareJobWebhook(input: { jobId: string }): Promise<{ deliveryId: string } | null>;
  attemptWebhookDelivery(input: WebhookAttemptInput): Promise<{ succeeded: boolean; gone?: true }>;
  closeInterruptedWebhookAttempt(input: WebhookAttemptInput & { reason: string }): Promise<{ succeeded: boolean }>;
  deadLetterWebhookDelivery(input: { deliveryId: string }): Promise<void>;
}

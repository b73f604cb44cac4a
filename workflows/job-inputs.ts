/** The start arguments of the job workflows (types only: the API, the watch runs and the workflows share them). */

export interface BulkJobInput {
  jobId: string;
  urls: string[];
  /** URLs in flight at once for this job, fixed at submission so replays see the same value. */
  concurrency: number;
  /** robots.txt handling for each URL (absent in histories from before policies: treated as `advisory`). */
  robots?: 'off' | 'advisory' | 'strict';
  /** Set when the job continued as new: the position of the first URL this run handles. */
  from?: number;
  /** URLs per run before continuing as new (default URLS_PER_RUN), fixed at submission. */
  urlsPerRun?: number;
  /** Most URLs per activity (default BATCH_MAX), fixed at submission. */
  batchMax?: number;
}

export interface CrawlJobInput {
  jobId: string;
  /** Pages in flight at once (per-host politeness: a crawl stays on one site). */
  concurrency: number;
  /** Pause of each lane between pages; robots.txt Crawl-delay may raise it. */
  delayMs: number;
  timeLimitMs: number;
  /** Pages per run before continuing as new (default PAGES_PER_RUN), fixed at submission. */
  pagesPerRun?: number;
  /** Most pages per activity (default BATCH_MAX), fixed at submission. */
  batchMax?: number;
  /** Set when the crawl continued as new: where the previous run stopped. */
  resume?: CrawlProgress;
}

export interface CrawlProgress {
  /** Next ordinal to fetch. Ordinals number the admitted URLs in discovery (breadth-first) order. */
  next: number;
  /** URLs admitted so far (ordinals 0 … discovered-1). */
  discovered: number;
  /** Workflow time (epoch ms) after which no page is started: `time_limit`. */
  deadline: number;
  delayMs: number;
}

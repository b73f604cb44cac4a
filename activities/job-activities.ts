import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { Db } from '../src/db/prisma.js';
import type { Config } from '../src/config/config.js';
import { extractWithCache } from '../src/cache/cached-extraction.js';
import { markJobFinished, markJobRunning, storedOutcome, storeUrlOutcome, type JobPageSettings, type UrlOutcome } from '../src/jobs/store/index.js';
import type { ExtractJobUrlInput, JobActivities } from '../workflows/activities.js';
import type { HtmlExtractor } from '../src/extraction/threads/thread-pool.js';
import type { BrowserPool } from '../src/extraction/render/index.js';
import type { RobotsMode } from '../src/contract/vocabulary.js';
import { jobExtractionOptions, withHeartbeat } from './extraction-options.js';
import { URL_ATTEMPTS } from './url-attempts.js';
import { extractionOptionsOf, type PageOptions } from '../src/pages/page-options.js';
import { storeCaptures } from '../src/pages/captured-files.js';
import { changeOfFailure, withChange } from '../src/changes/page-change.js';
import { indexPageQuietly } from '../src/search/index-page.js';
import type { ExtractedContent } from '../src/extraction/types.js';
import { timeExtraction } from '../src/observability/metrics.js';
import { log } from '../src/observability/logger.js';
import { redactSecrets } from '../src/observability/redact.js';
import { ExtractionError } from '../src/contract/extraction-error.js';

export interface JobActivityDeps {
  db: Db;
  cfg: Config;
  extractor?: HtmlExtractor;
  renderer?: BrowserPool;
}


/** What a job's page is extracted with: whose it is, the job's robots mode and page options. */
export interface JobPage {
  jobId: string;
  accountId: string;
  robots: RobotsMode;
  /** Absent in jobs stored before page options: a plain fetch, everything kept. */
  page?: PageOptions | null | undefined;
}

/** A job page's outcome, and the page's links (a crawl follows them even when `formats` leaves them out of the result). */
export interface JobPageOutcome {
  outcome: UrlOutcome;
  links: string[];
}

export interface ExtractForJobOptions {
  /** Keep the page's links whatever `formats` says (a crawl follows them). */
  needLinks?: boolean;
  /** This URL's attempt, 1-based (default: the activity's, when the activity is one URL). */
  attempt?: number;
  /** What the activity's heartbeats carry meanwhile (a batch's checkpoint). */
  heartbeatDetails?: () => unknown;
}

/**
 * Extracts one URL of a job, with the job's page options; its screenshots are stored as the job's files
 * (they live as long as its results). Transient failures throw (the URL is tried again) until the last
 * attempt, then become a failed entry; permanent ones are an entry at once. An unexpected failure inside
 * extraction (a parser bug on odd HTML) is retried, then recorded, so it never holds the job forever.
 */
export async function extractForJob(deps: JobActivityDeps, url: string, job: JobPage, { needLinks = false, attempt: urlAttempt, heartbeatDetails }: ExtractForJobOptions = {}): Promise<JobPageOutcome> {
  try {
    const options = job.page ? extractionOptionsOf(job.page) : {};
    const keepLinks = options.formats === undefined || options.formats.includes('links');
    const formats = needLinks && !keepLinks && options.formats ? [...options.formats, 'links' as const] : options.formats;
    const extraction = await withHeartbeat(() => extractWithCache(deps, url, { ...jobExtractionOptions(deps, job.robots), ...options, ...(formats ? { formats } : {}) }, job.page?.maxAgeSeconds), undefined, heartbeatDetails);
    const { links, ...withoutLinks } = extraction.content;
    const kept = keepLinks ? extraction.content : withoutLinks;
    const content = job.page?.trackChanges ? await withChange(deps.db, job.accountId, url, kept, job.page.formats, job.jobId) : kept;
    const files = await storeCaptures(deps.db, { accountId: job.accountId, jobId: job.jobId }, extraction);
    return { outcome: { ok: true, content: { ...content, ...files } }, links: links ?? [] };
  } catch (err) {
    const attempt = urlAttempt ?? Context.current().info.attempt;
    if (err instanceof ExtractionError) {
      if (err.transient && attempt < URL_ATTEMPTS) throw ApplicationFailure.retryable(err.message, err.code);
      const change = job.page?.trackChanges ? await changeOfFailure(deps.db, job.accountId, url, err, job.jobId) : undefined;
      return { outcome: { ok: false, errorCode: err.code, error: err.message, ...(change ? { change } : {}) }, links: [] };
    }
    if (attempt < URL_ATTEMPTS) throw err;
    return { outcome: { ok: false, errorCode: 'internal_error', error: `Extraction failed: ${(err as Error).message}` }, links: [] };
  }
}

/** `settingsOf`: the worker's cache of job page settings, shared with the batch activity. */
export function createJobActivities({ db, cfg, extractor, renderer }: JobActivityDeps, settingsOf: (jobId: string) => Promise<JobPageSettings | null>): Pick<JobActivities, 'extractJobUrl' | 'markJobRunning' | 'markJobFinished'> {
  return {
    /** One URL per activity: the workflows of jobs started before URL batches still schedule it. */
    async extractJobUrl(input: ExtractJobUrlInput): Promise<{ ok: boolean }> {
      const existing = await storedOutcome(db, input.jobId, input.position);
      if (existing) return { ok: existing.ok };
      // A job deleted under its workflow (expired, or its account removed) has nothing left to store into.
      const job = await settingsOf(input.jobId);
      if (!job) return { ok: false };
      const page: JobPage = { jobId: input.jobId, accountId: job.accountId, robots: input.robots ?? 'advisory', page: job.page };
      const { outcome } = await timeExtraction('job', () => extractForJob({ db, cfg, extractor, renderer }, input.url, page), (o) => o.outcome.ok);
      await storeUrlOutcome(db, input, outcome);
      log().debug({ position: input.position, url: redactSecrets(input.url), ok: outcome.ok, ...(outcome.ok ? {} : { errorCode: outcome.errorCode }) }, 'job url extracted');
      // Search index (POST /search): the stored page becomes findable by the job's account; a failure is
      // only logged, never the URL's outcome.
      if (outcome.ok) await indexPageQuietly(db, cfg, { jobId: input.jobId }, input.url, outcome.content as Partial<ExtractedContent>);
      return { ok: outcome.ok };
    },

    async markJobRunning({ jobId }: { jobId: string }): Promise<void> {
      if (await markJobRunning(db, jobId)) log().info('job running');
    },

    async markJobFinished({ jobId }: { jobId: string }): Promise<void> {
      const results = await markJobFinished(db, jobId);
      log().info({ results }, 'job finished');
    },
  };
}

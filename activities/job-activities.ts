import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { Db } from '../src/db/prisma.js';
import type { Config } from '../src/config/config.js';
import { extractUrl } from '../src/extraction/index.js';
import { markJobFinished, markJobRunning, storedOutcome, storeUrlOutcome, type UrlOutcome } from '../src/jobs/store/index.js';
import type { ExtractJobUrlInput, JobActivities } from '../workflows/activities.js';
import type { HtmlExtractor } from '../src/extraction/threads/thread-pool.js';
import type { BrowserPool } from '../src/extraction/render/index.js';
import type { RobotsMode } from '../src/contract/vocabulary.js';
import { jobExtractionOptions, withHeartbeat, type ExtractionDeps } from './extraction-options.js';
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

/** Attempts per URL for transient target failures (fetch_failed, target_timeout, target_http_error). */
export const URL_ATTEMPTS = 3;

/**
 * Extracts one URL of a job. Transient failures throw (Temporal retries the activity) until the last
 * attempt, then become a failed entry; permanent ones are an entry at once. An unexpected failure inside
 * extraction (a parser bug on odd HTML) is retried, then recorded, so it never holds the job forever.
 */
export async function extractForJob(deps: ExtractionDeps, url: string, robots: RobotsMode): Promise<UrlOutcome> {
  try {
    const content = await withHeartbeat(() => extractUrl(url, jobExtractionOptions(deps, robots)));
    return { ok: true, content };
  } catch (err) {
    const attempt = Context.current().info.attempt;
    if (err instanceof ExtractionError) {
      if (err.transient && attempt < URL_ATTEMPTS) throw ApplicationFailure.retryable(err.message, err.code);
      return { ok: false, errorCode: err.code, error: err.message };
    }
    if (attempt < URL_ATTEMPTS) throw err;
    return { ok: false, errorCode: 'internal_error', error: `Extraction failed: ${(err as Error).message}` };
  }
}

export function createJobActivities({ db, cfg, extractor, renderer }: JobActivityDeps): Pick<JobActivities, 'extractJobUrl' | 'markJobRunning' | 'markJobFinished'> {
  return {
    async extractJobUrl(input: ExtractJobUrlInput): Promise<{ ok: boolean }> {
      const existing = await storedOutcome(db, input.jobId, input.position);
      if (existing) return { ok: existing.ok };
      const outcome = await timeExtraction('job', () => extractForJob({ cfg, extractor, renderer }, input.url, input.robots ?? 'advisory'), (o) => o.ok);
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

import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { Db } from '../src/db/prisma.js';
import type { Config } from '../src/config/config.js';
import { extractUrl } from '../src/extraction/index.js';
import { RESULT_LIFETIME_MS } from '../src/contract/limits.js';
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

export interface ExtractJobUrlInput {
  jobId: string;
  position: number;
  url: string;
  robots?: RobotsMode;
}

/** Attempts per URL for transient target failures (fetch_failed, target_timeout, target_http_error). */
export const URL_ATTEMPTS = 3;

export type UrlOutcome = { ok: true; content: object } | { ok: false; errorCode: string; error: string };

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

export function createJobActivities({ db, cfg, extractor, renderer }: JobActivityDeps) {
  /**
   * Stores one URL's outcome once, in one statement: (job_id, position) is unique, so a retried or
   * duplicated attempt inserts nothing and `completed` rises only with a row that was really inserted.
   */
  async function storeResult(input: ExtractJobUrlInput, outcome: UrlOutcome) {
    const content = outcome.ok ? JSON.stringify(outcome.content) : null;
    await db.$executeRaw`
      WITH stored AS (
        INSERT INTO job_results (job_id, position, url, ok, error_code, error, content)
        VALUES (${input.jobId}::uuid, ${input.position}, ${input.url}, ${outcome.ok}, ${outcome.ok ? null : outcome.errorCode},
                ${outcome.ok ? null : outcome.error}, ${content}::jsonb)
        ON CONFLICT (job_id, position) DO NOTHING
        RETURNING 1
      )
      UPDATE jobs SET completed = completed + 1 WHERE id = ${input.jobId}::uuid AND EXISTS (SELECT 1 FROM stored)`;
  }

  return {
    async extractJobUrl(input: ExtractJobUrlInput): Promise<{ ok: boolean }> {
      const existing = await db.jobResult.findUnique({ where: { jobId_position: { jobId: input.jobId, position: input.position } }, select: { ok: true } });
      if (existing) return { ok: existing.ok };
      const outcome = await timeExtraction('job', () => extractForJob({ cfg, extractor, renderer }, input.url, input.robots ?? 'advisory'), (o) => o.ok);
      await storeResult(input, outcome);
      log().debug({ position: input.position, url: redactSecrets(input.url), ok: outcome.ok, ...(outcome.ok ? {} : { errorCode: outcome.errorCode }) }, 'job url extracted');
      // Search index (POST /search): the stored page becomes findable by the job's account; a failure is
      // only logged, never the URL's outcome.
      if (outcome.ok) await indexPageQuietly(db, cfg, { jobId: input.jobId }, input.url, outcome.content as Partial<ExtractedContent>);
      return { ok: outcome.ok };
    },

    async markJobRunning({ jobId }: { jobId: string }): Promise<void> {
      const { count } = await db.job.updateMany({ where: { id: jobId, status: 'queued' }, data: { status: 'running', startedAt: new Date() } });
      if (count > 0) log().info('job running');
    },

    async markJobFinished({ jobId }: { jobId: string }): Promise<void> {
      const finishedAt = new Date();
      const stored = await db.jobResult.count({ where: { jobId } });
      await db.job.update({
        where: { id: jobId },
        data: { status: 'done', finishedAt, completed: stored, expiresAt: new Date(finishedAt.getTime() + RESULT_LIFETIME_MS) },
      });
      log().info({ results: stored }, 'job finished');
    },
  };
}

import type { Job, JobResult } from '@prisma/client';
import type { ExtractedContent } from '../extraction/index.js';
import type { SitemapSeeding } from './store/crawl-pages.js';
import type { ListedJob, ResultCounts } from './store/job-list.js';
import { linksUntil, withFileLinks, type CapturedFiles, type FileLink, type ScreenshotView, type StoredScreenshot } from '../pages/captured-files.js';
import type { FileLinkSigner } from '../files/signed-links.js';
import type { PageChange } from '../changes/track-change.js';
import { RESULT_LIFETIME_MS } from '../contract/limits.js';

/** A result entry as the API returns it (decisions: `url` always; content fields on success, `error` + `error_code` on failure). */
export type ResultEntry = { url: string } & ((Partial<ExtractedContent> & CapturedFiles<StoredScreenshot | ScreenshotView>) | { error: string; error_code: string; change?: PageChange });

export interface JobObject {
  job_id: string;
  kind: 'bulk' | 'crawl';
  status: string;
  total: number;
  completed: number;
  /** Stored results that failed (per-URL failures; the job itself may still be `done`). */
  failed: number;
  results: ResultEntry[];
  /** Crawl only (decisions): whether the crawl stopped early, and why. */
  truncated?: boolean;
  truncated_reason?: string | null;
  /** Crawls with `sitemap: include|only`, once the start page was fetched: what the sitemap walk found. */
  sitemap_seeding?: SitemapSeeding;
  created_at: string;
  finished_at: string | null;
  expires_at: string;
}

/** `link` signs the links of the entry's screenshots (stored without them: see `jobFileLinks`). */
export function toResultEntry(row: Pick<JobResult, 'url' | 'ok' | 'error' | 'errorCode' | 'content'>, link?: FileLink): ResultEntry {
  if (row.ok) {
    const content = row.content as unknown as ExtractedContent & CapturedFiles<StoredScreenshot>;
    return { url: row.url, ...(link ? withFileLinks(content, link) : content) };
  }
  const change = (row.content as { change?: PageChange } | null)?.change;
  return { url: row.url, error: row.error ?? 'Extraction failed', error_code: row.errorCode ?? 'fetch_failed', ...(change ? { change } : {}) };
}

/**
 * Links to a job's screenshots: they work as long as the job's results are kept, which is known once the
 * job finished; while it runs, for a result lifetime from now (the file itself lives as long as the job).
 */
export function jobFileLinks(signer: FileLinkSigner, job: Pick<Job, 'finishedAt' | 'expiresAt'>, now = Date.now()): FileLink {
  return linksUntil(signer, job.finishedAt ? job.expiresAt : new Date(now + RESULT_LIFETIME_MS));
}

/** Never above total, never below what is stored: reads stay monotonic even mid-write. */
export const completedOf = (job: Pick<Job, 'total' | 'completed'>, storedResults: number) => Math.min(job.total, Math.max(job.completed, storedResults));

/** A job's state and counts: what every job read and the job list show alike. */
type JobState = Omit<JobObject, 'results' | 'sitemap_seeding'>;

/** A job as GET /jobs lists it: its state and counts, no results, and where it notifies. */
export type JobSummary = JobState & { webhook_url: string | null };

function jobState(job: ListedJob, counts: ResultCounts): JobState {
  return {
    job_id: job.id,
    kind: job.kind,
    status: job.status,
    total: job.total,
    completed: completedOf(job, counts.stored),
    failed: counts.failed,
    ...(job.kind === 'crawl' ? { truncated: job.truncated, truncated_reason: job.truncatedReason } : {}),
    created_at: job.createdAt.toISOString(),
    finished_at: job.finishedAt?.toISOString() ?? null,
    expires_at: job.expiresAt.toISOString(),
  };
}

export function toJobSummary(job: ListedJob, counts: ResultCounts = { stored: 0, failed: 0 }): JobSummary {
  return { ...jobState(job, counts), webhook_url: job.webhookUrl };
}

/** `counts`: how many results exist and failed (a page of `results` may hold fewer). */
export function toJobObject(job: Job, results: JobResult[], counts: ResultCounts = { stored: results.length, failed: results.filter((row) => !row.ok).length }, link?: FileLink): JobObject {
  return {
    ...jobState(job, counts),
    results: results.map((row) => toResultEntry(row, link)),
    ...(job.kind === 'crawl' && job.sitemapSeeding ? { sitemap_seeding: job.sitemapSeeding as unknown as SitemapSeeding } : {}),
  };
}

import type { Job } from '@prisma/client';
import type { Db } from '../db/prisma.js';
import { ApiError } from '../contract/errors.js';
import { jobFileLinks, toJobObject, type JobObject } from './view.js';
import type { FileLinkSigner } from '../files/signed-links.js';
import { jobTokenMatches } from './tokens.js';
import { findJob, jobLifetime, resultCounts, resultsFrom } from './store/index.js';
import type { JobKind } from './start-workflow.js';
import { RESULTS_PAGE_DEFAULT } from '../contract/limits.js';


export interface ResultsPage {
  limit: number;
  /** Position of the first result of the page (from the previous page's `next_cursor`). */
  after: number;
}

export type JobRead = JobObject & { next_cursor: string | null };

/** What a read needs: the database, and the signer of the links to the results' screenshots. */
export interface JobReadDeps {
  db: Db;
  fileLinks: FileLinkSigner;
}

/** Who is reading: a key's account, or the bearer of a job token (pay-per-request, one job only). */
export type JobReader = { accountId: string } | { jobToken: string };

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(position: number): string {
  return Buffer.from(`p:${position}`).toString('base64url');
}

/** The position a cursor points at, or null when it is not one of ours. */
export function decodeCursor(cursor: string): number | null {
  const match = /^p:(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : null;
}

/** Only a finished job expires: a job still running after 6 hours stays readable until it ends. */
export const isExpired = (job: Pick<Job, 'finishedAt' | 'expiresAt'>, now = Date.now()) => job.finishedAt !== null && job.expiresAt.getTime() <= now;

/** Whether the job exists and its results (and so its files) are still kept. */
export async function jobResultsKept(db: Db, jobId: string): Promise<boolean> {
  const job = await jobLifetime(db, jobId);
  return job !== null && !isExpired(job);
}

/** The job, if `reader` may read it: 404 `job_not_found` (unknown, other kind, expired), 403 `forbidden` (another account, another token). */
export async function findReadableJob(db: Db, jobId: string, reader: JobReader, kind?: JobKind): Promise<Job> {
  const notFound = new ApiError('job_not_found', `No job ${jobId}, or its results have expired`);
  if (!UUID_PATTERN.test(jobId)) throw notFound;
  const job = await findJob(db, jobId);
  if (!job || isExpired(job) || (kind && job.kind !== kind)) throw notFound;
  if ('jobToken' in reader) {
    if (!jobTokenMatches(reader.jobToken, job.jobTokenHash)) throw new ApiError('forbidden', 'This X-Job-Token is not valid for this job');
  } else if (job.accountId !== reader.accountId) {
    throw new ApiError('forbidden', 'This job belongs to another account');
  }
  return job;
}

/**
 * Reads a job and one page of its results: 404 `job_not_found` when unknown, of another kind, or past
 * its lifetime; 403 `forbidden` for another account's job (or a token of another job). Results are in
 * submission (bulk) or discovery (crawl) order; `next_cursor` is null on the last page.
 */
export async function readJob({ db, fileLinks }: JobReadDeps, jobId: string, reader: JobReader, kind?: JobKind, page: ResultsPage = { limit: RESULTS_PAGE_DEFAULT, after: 0 }): Promise<JobRead> {
  const job = await findReadableJob(db, jobId, reader, kind);
  // One row more than the page tells whether another page follows.
  const [rows, counts] = await Promise.all([
    resultsFrom(db, jobId, page.after, page.limit + 1),
    resultCounts(db, [jobId]),
  ]);
  const more = rows.length > page.limit;
  const results = more ? rows.slice(0, page.limit) : rows;
  const last = results.at(-1);
  return { ...toJobObject(job, results, counts.get(jobId) ?? { stored: 0, failed: 0 }, jobFileLinks(fileLinks, job)), next_cursor: more && last ? encodeCursor(last.position + 1) : null };
}

import { Prisma, type Job } from '@prisma/client';
import type { Db } from '../../db/prisma.js';
import { limitsOf } from '../../contract/plans.js';
import { quotaExceeded, quotaPeriod } from '../../accounts/metering.js';
import { generateWebhookSecret, type SecretBox } from '../../accounts/webhook-secret.js';

export interface JobRow {
  job: Job;
  accountId: string;
  keyId: string | null;
  plan: string;
  /** Requests metered now, under `endpoint`. */
  units: number;
  endpoint: string;
  /** Crawl: the start URL, admitted as ordinal 0 of the frontier. */
  startUrl: string | null;
  /** Mint the account's webhook signing secret if it has none (the first submission with a webhook_url). */
  mintSecret: boolean;
}

/**
 * Writes a job with everything that must come with it — the reservation of its requests against the
 * month's allowance, the usage event, a crawl's start URL, the account's first webhook secret — in ONE
 * statement. Each part runs only if the reservation succeeded, so it is all or nothing; and the account's
 * counter row is locked only while the statement runs, not across client round trips, so concurrent
 * submissions of one account do not queue behind each other's transactions.
 * Returns the minted secret, if any; throws 429 when the allowance is spent, and the driver's unique
 * violation when the Idempotency-Key is taken.
 */
export async function insertJob(db: Db, secrets: SecretBox | null, row: JobRow): Promise<{ signingSecret: string | null }> {
  const { job } = row;
  const now = job.createdAt;
  const { start } = quotaPeriod(now);
  const allowance = limitsOf(row.plan).includedRequestsPerMonth;
  const secret = row.mintSecret ? generateWebhookSecret() : null;
  if (secret && !secrets) throw new Error('insertJob: minting a webhook secret needs the SecretBox');
  const sealed = secret && secrets ? secrets.seal(secret) : null;
  await db.$executeRaw`INSERT INTO usage_counters (account_id, period_start, used) VALUES (${row.accountId}::uuid, ${start}, 0) ON CONFLICT DO NOTHING`;
  const [outcome] = await db.$queryRaw<{ created: bigint; minted: bigint }[]>`
    WITH reserved AS (
      UPDATE usage_counters SET used = used + ${row.units}
      WHERE account_id = ${row.accountId}::uuid AND period_start = ${start} AND used + ${row.units} <= ${allowance}
      RETURNING used
    ), created AS (
      INSERT INTO jobs (id, account_id, kind, total, input, webhook_url, webhook_include_results, idempotency_key,
                        request_hash, workflow_id, job_token_hash, job_token_sealed, request_id, created_at, expires_at, workflow_started_at)
      SELECT ${job.id}::uuid, ${row.accountId}::uuid, ${job.kind}::"JobKind", ${job.total}, ${JSON.stringify(job.input)}::jsonb,
             ${job.webhookUrl}, ${job.webhookIncludeResults}, ${job.idempotencyKey}, ${job.requestHash}, ${job.workflowId},
             ${job.jobTokenHash}, ${job.jobTokenSealed}, ${job.requestId}, ${now}, ${job.expiresAt}, ${job.workflowStartedAt}::timestamptz
      FROM reserved
      RETURNING id
    ), frontier AS (
      INSERT INTO crawl_urls (job_id, ordinal, url, depth)
      SELECT id, 0, ${row.startUrl}::text, 0 FROM created WHERE ${row.startUrl}::text IS NOT NULL
    ), event AS (
      INSERT INTO usage_events (account_id, key_id, endpoint, units, created_at)
      SELECT ${row.accountId}::uuid, ${row.keyId}, ${row.endpoint}, ${row.units}, ${now} FROM created
    ), secret AS (
      UPDATE accounts SET webhook_secret = ${sealed}, webhook_secret_rotated_at = ${now}
      WHERE id = ${row.accountId}::uuid AND webhook_secret IS NULL AND ${sealed}::text IS NOT NULL AND EXISTS (SELECT 1 FROM created)
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM created) AS created, (SELECT count(*) FROM secret) AS minted`;
  if (!outcome || outcome.created === 0n) throw quotaExceeded(row.units, allowance, now);
  return { signingSecret: outcome.minted > 0n ? secret : null };
}

/** The job as the database now holds it (defaults included), without reading it back. */
export function newJob(fields: Pick<Job, 'id' | 'accountId' | 'kind' | 'total' | 'input' | 'webhookUrl' | 'webhookIncludeResults' | 'idempotencyKey' | 'requestHash' | 'workflowId' | 'jobTokenHash' | 'jobTokenSealed' | 'requestId' | 'createdAt' | 'expiresAt'>): Job {
  return { ...fields, status: 'queued', completed: 0, workflowStartedAt: null, startedAt: null, finishedAt: null, truncated: false, truncatedReason: null, sitemapSeeding: null };
}

export const isUniqueViolation = (err: unknown) =>
  (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') || /unique constraint|23505/i.test(String((err as Error)?.message ?? ''));

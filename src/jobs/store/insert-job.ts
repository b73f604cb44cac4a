import { Prisma, type Job } from '@prisma/client';
import { queryPrepared, type Db } from '../../db/prisma.js';
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
  const [created] = await insertJobs(db, secrets, [row]);
  return created as { signingSecret: string | null };
}

/**
 * The jobs of one account ($1: their rows as JSON) with their reservation ($4 requests of the allowance
 * $5 in the period starting $3: the counter row is created or raised in the same statement), the crawl
 * start URLs, the usage events and the account's first webhook secret ($6, sealed), all or nothing.
 * A prepared statement on the pg pool: it runs on every submission, and Prisma's query layer would cost
 * more CPU than the statement itself.
 */
const INSERT_JOBS_SQL = `
    WITH rows AS (
      SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(
        ord int, id uuid, kind text, total int, input jsonb, webhook_url text, webhook_include_results boolean, idempotency_key text,
        request_hash text, workflow_id text, job_token_hash text, job_token_sealed text, request_id text, created_at timestamptz,
        expires_at timestamptz, workflow_started_at timestamptz, key_id text, endpoint text, units int, start_url text)
    ), reserved AS (
      INSERT INTO usage_counters AS c (account_id, period_start, used)
      SELECT $2::uuid, $3::timestamptz, $4::int WHERE $4::int <= $5::int
      ON CONFLICT (account_id, period_start) DO UPDATE SET used = c.used + EXCLUDED.used
      WHERE c.used + EXCLUDED.used <= $5::int
      RETURNING c.used
    ), created AS (
      INSERT INTO jobs (id, account_id, kind, total, input, webhook_url, webhook_include_results, idempotency_key,
                        request_hash, workflow_id, job_token_hash, job_token_sealed, request_id, created_at, expires_at, workflow_started_at)
      SELECT r.id, $2::uuid, r.kind::"JobKind", r.total, r.input, r.webhook_url, r.webhook_include_results, r.idempotency_key,
             r.request_hash, r.workflow_id, r.job_token_hash, r.job_token_sealed, r.request_id, r.created_at, r.expires_at, r.workflow_started_at
      FROM rows r, reserved ORDER BY r.ord
      RETURNING id
    ), frontier AS (
      INSERT INTO crawl_urls (job_id, ordinal, url, depth)
      SELECT r.id, 0, r.start_url, 0 FROM rows r JOIN created USING (id) WHERE r.start_url IS NOT NULL
    ), event AS (
      INSERT INTO usage_events (account_id, key_id, endpoint, units, created_at)
      SELECT $2::uuid, r.key_id, r.endpoint, r.units, r.created_at FROM rows r JOIN created USING (id) ORDER BY r.ord
    ), secret AS (
      UPDATE accounts SET webhook_secret = $6::text, webhook_secret_rotated_at = $7::timestamptz
      WHERE id = $2::uuid AND webhook_secret IS NULL AND $6::text IS NOT NULL AND EXISTS (SELECT 1 FROM created)
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM created)::int AS created, (SELECT count(*) FROM secret)::int AS minted`;

/**
 * insertJob for several jobs of ONE account (and plan) in one statement, all or nothing: the sum of
 * their requests is reserved at once, so the account's counter row is locked once for all of them (the
 * submissions of one account take turns on that row, each for a commit). Throws as insertJob does, for
 * the whole group: a caller that needs each job's own answer tries them one by one then. At most one
 * secret is minted, by the first job that asks (the others then find it there, as they would one by one).
 */
export async function insertJobs(db: Db, secrets: SecretBox | null, rows: readonly JobRow[]): Promise<{ signingSecret: string | null }[]> {
  const first = rows[0];
  if (!first) return [];
  const { accountId, plan } = first;
  const now = first.job.createdAt;
  const { start } = quotaPeriod(now);
  const allowance = limitsOf(plan).includedRequestsPerMonth;
  const units = rows.reduce((sum, row) => sum + row.units, 0);
  const minter = rows.findIndex((row) => row.mintSecret);
  const secret = minter >= 0 ? generateWebhookSecret() : null;
  if (secret && !secrets) throw new Error('insertJob: minting a webhook secret needs the SecretBox');
  const sealed = secret && secrets ? secrets.seal(secret) : null;
  const records = rows.map(({ job, keyId, endpoint, units: jobUnits, startUrl }, ord) => ({
    ord,
    id: job.id,
    kind: job.kind,
    total: job.total,
    input: job.input,
    webhook_url: job.webhookUrl,
    webhook_include_results: job.webhookIncludeResults,
    idempotency_key: job.idempotencyKey,
    request_hash: job.requestHash,
    workflow_id: job.workflowId,
    job_token_hash: job.jobTokenHash,
    job_token_sealed: job.jobTokenSealed,
    request_id: job.requestId,
    created_at: job.createdAt,
    expires_at: job.expiresAt,
    workflow_started_at: job.workflowStartedAt,
    key_id: keyId,
    endpoint,
    units: jobUnits,
    start_url: startUrl,
  }));
  const [outcome] = await queryPrepared<{ created: number; minted: number }>(db, 'pith-insert-jobs', INSERT_JOBS_SQL, [
    JSON.stringify(records),
    accountId,
    start,
    units,
    allowance,
    sealed,
    now,
  ]);
  if (!outcome || outcome.created === 0) throw quotaExceeded(units, allowance, now);
  const minted = outcome.minted > 0;
  return rows.map((_, index) => ({ signingSecret: minted && index === minter ? secret : null }));
}

/** The job as the database now holds it (defaults included), without reading it back. */
export function newJob(fields: Pick<Job, 'id' | 'accountId' | 'kind' | 'total' | 'input' | 'webhookUrl' | 'webhookIncludeResults' | 'idempotencyKey' | 'requestHash' | 'workflowId' | 'jobTokenHash' | 'jobTokenSealed' | 'requestId' | 'createdAt' | 'expiresAt'>): Job {
  return { ...fields, status: 'queued', completed: 0, workflowStartedAt: null, startedAt: null, finishedAt: null, truncated: false, truncatedReason: null, sitemapSeeding: null };
}

export const isUniqueViolation = (err: unknown) =>
  (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') || /unique constraint|23505/i.test(String((err as Error)?.message ?? ''));

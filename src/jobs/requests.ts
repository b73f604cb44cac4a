import type { Config } from '../config/config.js';
import { ApiError } from '../contract/errors.js';
import { limitsOf, type PlanLimits } from '../contract/plans.js';
import { normalizeUrl } from '../net/normalize-url.js';
import type { BulkBody, CrawlBody } from '../contract/requests.js';
import { tighten, type Policy } from '../accounts/key-policy.js';
import { assertUrlsAccepted } from '../accounts/url-refusals.js';
import { assertWebhookUrl } from '../net/webhook-url.js';
import { parseIdempotencyKey } from './idempotency.js';
import { pageOptionsOf } from '../pages/page-options.js';
import { submitJob, type JobPayment, type JobServiceDeps, type SubmittedJob } from './submit.js';
import type { StoredBulkInput } from './start-workflow.js';
import type { StoredCrawlInput } from './crawl/crawl-input.js';

/**
 * POST /bulk and POST /crawl after validation, shared by the REST routes and the MCP tools so that both
 * apply the same plan caps, address rules, key policy, idempotency and metering, in the same order.
 */

/** The calling key, as authentication loaded it. */
export interface SubmittingKey {
  accountId: string;
  keyId: string;
  plan: string;
  policy: Policy;
}

/** What comes from outside the body: the `Idempotency-Key` header (REST only) and the body as sent. */
export interface SubmissionContext {
  idempotencyKeyHeader?: string | undefined;
  rawBody: unknown;
  /** Set when the request is paid per request (x402) rather than made with a key. */
  payment?: JobPayment | undefined;
}

/** The webhook target check and the Idempotency-Key, shared by both kinds of job. */
async function submissionExtras(cfg: Config, body: { webhook_url?: string | undefined }, context: SubmissionContext) {
  const idempotencyKey = parseIdempotencyKey(context.idempotencyKeyHeader);
  if (body.webhook_url !== undefined) await assertWebhookUrl(body.webhook_url, cfg.ALLOW_PRIVATE_TARGETS);
  return { idempotencyKey, body: context.rawBody, payment: context.payment };
}

/** What a bulk job of these URLs stores: the plan's cap (422), the page options, the key's policy applied to every URL. */
export function bulkJobInputOf(cfg: Config, key: SubmittingKey, body: Omit<BulkBody, 'webhook_url' | 'webhook_include_results'>): StoredBulkInput {
  const cap = limitsOf(key.plan).bulkUrlsPerRequest;
  if (body.urls.length > cap) {
    throw new ApiError('bulk_cap_exceeded', `urls: ${body.urls.length} URLs submitted; the ${key.plan} plan allows ${cap} per request`);
  }
  const page = pageOptionsOf(body, key.plan);
  const policy = tighten(key.policy, body);
  assertUrlsAccepted(cfg, policy, body.urls, 'urls');
  return { urls: body.urls, robots: policy.respectRobots, page };
}

/** Validates everything, checks every URL against the policy, meters one per URL, queues, answers at once. */
export async function submitBulkRequest(deps: JobServiceDeps, key: SubmittingKey, body: BulkBody, context: SubmissionContext): Promise<SubmittedJob> {
  const input = bulkJobInputOf(deps.cfg, key, body);
  const extras = await submissionExtras(deps.cfg, body, context);
  return submitJob(deps, key, {
    kind: 'bulk',
    input,
    webhook_url: body.webhook_url,
    webhook_include_results: body.webhook_include_results,
    ...extras,
  });
}

/** Crawling needs Pro or above: 403 `plan_not_supported` otherwise (checked before the body, so a Free caller learns what to change first). */
export function crawlLimitsOf(plan: string): PlanLimits & { crawlDepth: number; crawlPagesPerJob: number } {
  const limits = limitsOf(plan);
  if (limits.crawlDepth === null || limits.crawlPagesPerJob === null) {
    throw new ApiError('plan_not_supported', `Crawling needs the Pro, Growth or Enterprise plan; this account is on ${plan}`);
  }
  return { ...limits, crawlDepth: limits.crawlDepth, crawlPagesPerJob: limits.crawlPagesPerJob };
}

/** What a crawl stores: depth capped by plan (422), the page limit lowered to the plan's cap, the start URL checked like a bulk URL. */
export function crawlJobInputOf(cfg: Config, key: SubmittingKey, body: Omit<CrawlBody, 'webhook_url' | 'webhook_include_results'>): StoredCrawlInput {
  const limits = crawlLimitsOf(key.plan);
  if (body.depth > limits.crawlDepth) {
    throw new ApiError('crawl_depth_exceeded', `depth: ${body.depth} requested; the ${key.plan} plan allows at most ${limits.crawlDepth}`);
  }
  const page = pageOptionsOf(body, key.plan);
  const policy = tighten(key.policy, body);
  assertUrlsAccepted(cfg, policy, [body.url], 'url');
  const startUrl = normalizeUrl(body.url) ?? body.url;
  return {
    startUrl,
    depth: body.depth,
    limit: Math.min(body.limit, limits.crawlPagesPerJob),
    robots: policy.respectRobots,
    scope: {
      startUrl,
      allowSubdomains: body.allow_subdomains,
      ...(body.include_documents ? { includeDocuments: true } : {}),
      includePatterns: body.include_patterns ?? [],
      excludePatterns: body.exclude_patterns ?? [],
      allowDomains: policy.allowDomains,
      denyPatterns: policy.denyPatterns,
    },
    // Stored only when asked for: a `skip` crawl stores exactly the input it always did.
    ...(body.sitemap === 'skip' ? {} : { sitemap: body.sitemap }),
    page,
  };
}

/** Meters the start page now and every further page as it is fetched. */
export async function submitCrawlRequest(deps: JobServiceDeps, key: SubmittingKey, body: CrawlBody, context: SubmissionContext): Promise<SubmittedJob> {
  const input = crawlJobInputOf(deps.cfg, key, body);
  const extras = await submissionExtras(deps.cfg, body, context);
  return submitJob(deps, key, {
    kind: 'crawl',
    input,
    webhook_url: body.webhook_url,
    webhook_include_results: body.webhook_include_results,
    ...extras,
  });
}

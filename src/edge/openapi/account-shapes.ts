import { z } from 'zod';
import { PLAN_NAMES } from '../../contract/plans.js';
import { SCOPES } from '../../contract/vocabulary.js';

/** Response shapes of the account, key, usage, health and pricing routes (decisions "Other shapes"). */

const plan = z.enum(PLAN_NAMES);
const keyId = z.string().regex(/^key_/).meta({ description: 'Public id of a key (`key_<uuid>`); never a secret.', example: 'key_0b8c8f9e-2f43-4d5e-9a43-6a1c0f0d2b11' });
export const rawApiKey = z
  .string()
  .regex(/^ce_[0-9a-f]{40}$/)
  .meta({ description: 'The raw key: `ce_` + 40 lowercase hex. Shown once; store it now.', example: 'ce_0123456789abcdef0123456789abcdef01234567' });
export const scopeList = z.array(z.enum([...SCOPES, '*'])).meta({ description: 'Scopes the key holds; `*` holds them all.' });
export const respectRobots = z.enum(['off', 'advisory', 'strict']).meta({ description: 'Tightening order `off` < `advisory` < `strict`; default `advisory`.' });

export const HealthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    components: z.object({
      database: z.enum(['ok', 'down']),
      temporal: z.enum(['ok', 'down']),
      browser: z.enum(['ok', 'unavailable']).meta({ description: 'Chromium for `render_js`; optional, never makes the service degraded.' }),
    }),
  })
  .meta({ id: 'Health' });

export const RegistrationSchema = z
  .object({ account_id: z.string(), key_id: keyId, api_key: rawApiKey, plan })
  .meta({ id: 'Registration', description: 'The new account and its first key (scope `*`). The raw key is shown only here.' });

const PlanPriceSchema = z.object({
  monthly_cents: z.number(),
  annual_cents: z.number(),
  included_requests: z.int(),
  overage_unit_cents: z.number().meta({ description: 'Per request, in cents, fractional: 0.35 means 0.0035 of the currency unit.' }),
});

export const PricingSchema = z
  .object({
    currency: z.string(),
    fetched_at: z.iso.datetime(),
    plans: z.record(plan, PlanPriceSchema).meta({ description: 'Plan name → prices. All money is in cents.' }),
    source: z.enum(['stripe', 'cache', 'fallback']).meta({ description: '`stripe`: fetched live just now; `cache`: an earlier live fetch (kept 24 hours); `fallback`: built-in defaults, used when the provider was unreachable and the cache empty (may be stale).' }),
  })
  .meta({ id: 'Pricing', description: 'Prices per plan. A request answered from the content cache (`max_age`, `metadata.cache: "hit"`) is metered and priced like a fetch: the price is for the answer, not the network.' });

const KeyPolicySchema = z
  .object({ allow_domains: z.array(z.string()), deny_patterns: z.array(z.string()), respect_robots: respectRobots })
  .meta({ id: 'KeyPolicy', description: 'Enforced on every request made with the key; a request can tighten it, never loosen it.' });

export const ApiKeySchema = z
  .object({
    id: keyId,
    name: z.string().nullable(),
    scopes: scopeList,
    policy: KeyPolicySchema,
    created_at: z.iso.datetime(),
    expires_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ApiKey', description: 'A key as listed: never its secret.' });

export const CreatedApiKeySchema = ApiKeySchema.extend({ api_key: rawApiKey }).meta({ id: 'CreatedApiKey', description: 'A freshly minted key; `api_key` is shown only here.' });
export const ApiKeyListSchema = z.object({ data: z.array(ApiKeySchema) }).meta({ id: 'ApiKeyList' });
export const RotatedApiKeySchema = z
  .object({ id: keyId, api_key: rawApiKey, rotated_from: keyId })
  .meta({ id: 'RotatedApiKey', description: 'The new key; the old one stopped working when this response was sent.' });
export const RevokedApiKeySchema = z.object({ id: keyId, revoked: z.literal(true) }).meta({ id: 'RevokedApiKey' });

export const WebhookSecretSchema = z
  .object({
    rotated_at: z.iso.datetime(),
    webhook_signing_secret: z.string().regex(/^whsec_[0-9a-f]{64}$/).meta({ description: 'Returned only here. The HMAC key is the 32 bytes decoded from the hex after `whsec_`.' }),
  })
  .meta({ id: 'WebhookSecret' });

const PlanLimitsSchema = z
  .object({
    bulk_urls_per_request: z.int(),
    crawl_depth: z.int().nullable().meta({ description: 'Null: the plan does not crawl.' }),
    crawl_pages_per_job: z.int().nullable().meta({ description: 'Null: the plan does not crawl.' }),
    search_results: z.int(),
    map_links: z.int(),
    requests_per_second: z.int().nullable().meta({ description: 'Null: unlimited.' }),
    render_js: z.boolean(),
    included_requests_per_month: z.int(),
    watches: z.int().nullable().meta({ description: 'Null: unlimited.' }),
    watch_min_interval_seconds: z.int(),
  })
  .meta({ id: 'PlanLimits', description: "Everything the account's plan allows (beyond the contract)." });

export const UsageSchema = z
  .object({
    plan,
    period_start: z.iso.datetime(),
    period_end: z.iso.datetime(),
    included_requests: z.int(),
    used_requests: z.int(),
    remaining_requests: z.int(),
    by_endpoint: z.record(z.string(), z.int()).meta({ description: 'Metered requests this period per endpoint.' }),
    by_day: z
      .array(z.object({ date: z.iso.date().meta({ description: 'A UTC day, `YYYY-MM-DD`.' }), requests: z.int().min(0).meta({ description: 'Metered requests that day.' }) }))
      .meta({ description: 'Metered requests per UTC day of this period, from `period_start` to today inclusive, oldest first; days without requests are 0. Beyond the contract.' }),
    rate_limit_rps: z.int().nullable().meta({ description: 'Requests per second allowed; null means unlimited.' }),
    plan_limits: PlanLimitsSchema,
    upgrade_url: z.string().meta({ description: "Where to upgrade the plan: the same link as an error envelope's `upgrade_url`. Beyond the contract." }),
  })
  .meta({ id: 'Usage', description: 'The quota period is the calendar month in UTC.' });

export const LogPageSchema = z
  .object({
    data: z.array(
      z.object({
        id: z.string(),
        at: z.iso.datetime(),
        method: z.string(),
        endpoint: z.string(),
        url: z.string().meta({ description: 'The URL of the request.' }),
        status: z.int(),
        latency_ms: z.number(),
        key_id: keyId.nullable().meta({ description: 'The key that made the call; null for pay-per-request calls.' }),
      }),
    ),
    next_cursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next (older) page; null on the last page.' }),
  })
  .meta({ id: 'LogPage', description: "The account's own requests, newest first, kept 30 days." });

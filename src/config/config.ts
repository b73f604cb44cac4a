import { z } from 'zod';
import { existsSync, readFileSync } from 'node:fs';

/**
 * The one place where Pith reads its environment. Every value is validated at start-up; a bad value
 * stops the process with a message naming the variable, never a silent default.
 */

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const booleanDefaultTrue = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .default('true')
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const port = z.coerce.number().int().min(0).max(65535);

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** API server processes sharing the port (node:cluster); 1 = a single process. */
  API_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  BASE_URL: z.url().optional(),
  MCP_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  TEMPORAL_ADDRESS: z
    .string()
    .regex(/^[^:\s]+:\d+$/, 'must be host:port')
    .optional(),
  /** Port of the embedded PostgreSQL that `npm start` runs when DATABASE_URL is unset. */
  EMBEDDED_POSTGRES_PORT: port.default(55432),
  /** gRPC port of the local Temporal dev server that `npm start` runs when TEMPORAL_ADDRESS is unset. */
  TEMPORAL_PORT: port.default(7233),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_UI_PORT: port.default(8233),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('pith-jobs'),
  /** `npm run start:cluster`: history shards of its Temporal server, fixed when its databases are created (Temporal cannot change it later). */
  TEMPORAL_HISTORY_SHARDS: z.coerce.number().int().min(1).max(16_384).default(4),
  /** `npm run start:cluster`: worker processes it runs (each polls the same task queue). */
  CLUSTER_WORKERS: z.coerce.number().int().min(1).max(64).default(2),
  /** `npm run start:cluster`: API processes it runs on the one PORT (node:cluster, as API_WORKERS). */
  CLUSTER_API_PROCESSES: z.coerce.number().int().min(1).max(64).default(2),
  ALLOW_PRIVATE_TARGETS: booleanFromEnv,
  /** Activities run at once per worker process; each holds one fetch + extraction. */
  WORKER_ACTIVITY_CONCURRENCY: z.coerce.number().int().min(1).max(512).default(16),
  /** Worker process CPU priority (nice, 0–19; src/temporal/cpu-priority.ts): bulk work gives way to API requests on shared cores. */
  WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /** URLs of one bulk job in flight at once; a job never floods the pool on its own. */
  JOB_URL_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
  /** Pages of one crawl in flight at once: a crawl stays on one site, so this is its per-host politeness. */
  CRAWL_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** Pause of each crawl lane between two pages (robots.txt `Crawl-delay` raises it, up to 10 s). */
  CRAWL_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  /** A crawl still running after this long stops with `truncated_reason: time_limit`. */
  CRAWL_TIME_LIMIT_MS: z.coerce.number().int().min(1000).max(7 * 24 * 60 * 60 * 1000).default(2 * 60 * 60 * 1000),
  /** URLs (bulk) or pages (crawl) per workflow run before it continues as new: keeps histories small. */
  JOB_URLS_PER_RUN: z.coerce.number().int().min(1).max(5000).default(500),
  /**
   * Most URLs (bulk) or pages (crawl) one activity handles, one after another: fewer activities for
   * Temporal to schedule and record. Batches shrink as a run nears its end, so lanes finish together.
   */
  JOB_BATCH_MAX: z.coerce.number().int().min(1).max(500).default(25),
  /** A worker stores the bulk results its activities finish together, every this many ms (progress moves at this pace). */
  JOB_RESULT_FLUSH_MS: z.coerce.number().int().min(0).max(5000).default(200),
  /** …or as soon as this many are waiting. */
  JOB_RESULT_FLUSH_ROWS: z.coerce.number().int().min(1).max(1000).default(50),
  /** How often the expiry schedule deletes jobs past their 6-hour result lifetime. */
  JOB_EXPIRY_SWEEP_MS: z.coerce.number().int().min(1000).max(24 * 60 * 60 * 1000).default(10 * 60 * 1000),
  FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  FETCH_MAX_BYTES: z.coerce.number().int().min(1024).max(100 * 1024 * 1024).default(10 * 1024 * 1024),
  /** The content cache (`max_age`): how long a stored extraction is kept, whatever the callers' `max_age`. */
  CACHE_RETENTION_SECONDS: z.coerce.number().int().min(60).max(365 * 24 * 60 * 60).default(7 * 24 * 60 * 60),
  /** Largest stored extraction (its JSON); a bigger one is answered but not kept. */
  CACHE_ENTRY_MAX_BYTES: z.coerce.number().int().min(1024).max(64 * 1024 * 1024).default(4 * 1024 * 1024),
  /** An API process keeps the cache entries it read or wrote, parsed, this long (0: off): src/cache/recent-entries.ts. */
  CACHE_RECENT_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /** …up to this many bytes of their stored JSON (least recently used go first). */
  CACHE_RECENT_MAX_BYTES: z.coerce.number().int().min(0).max(2 * 1024 * 1024 * 1024).default(64 * 1024 * 1024),
  /** Worker threads for the CPU-bound part of extraction per process; 0 runs it on the main thread. */
  EXTRACTION_THREADS: z.coerce.number().int().min(0).max(64).default(2),
  RENDER_CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /** Pages rendering at once per process. */
  RENDER_MAX_PAGES: z.coerce.number().int().min(1).max(32).default(4),
  /** The browser is replaced after this many pages (browsers leak). */
  RENDER_PAGES_PER_BROWSER: z.coerce.number().int().min(1).max(10_000).default(100),
  RENDER_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  /** Longest wait for network quiet after `load`. */
  RENDER_SETTLE_MS: z.coerce.number().int().min(0).max(30_000).default(2_000),
  /** Accounts one IP may register per hour (contract: 5). */
  REGISTER_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(5),
  /** Store of the rate limiters (shared by all API instances); defaults to DATABASE_URL. */
  RATE_LIMIT_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Stripe secret (or restricted, read-only) key for live prices; unset → cached or built-in prices. */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_API_BASE: z.url().default('https://api.stripe.com'),
  STRIPE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** How long fetched prices count as fresh (contract: 24 hours). */
  PRICING_CACHE_TTL_MS: z.coerce.number().int().min(1000).default(24 * 60 * 60 * 1000),
  /** AES-256-GCM key (64 hex) sealing webhook signing secrets at rest; `npm start` creates one under .data/ when unset. */
  WEBHOOK_ENCRYPTION_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)').optional(),
  /** A webhook receiver must answer 2xx within this time (contract: 10 seconds); the delivery activity's own limit is 1 minute. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(10_000),
  /**
   * PEM file of extra CA certificates trusted for webhook receivers (a private PKI, or the test CA),
   * in addition to the public roots. TLS verification itself is never turned off.
   */
  WEBHOOK_CA_FILE: z
    .string()
    .min(1)
    .refine((file) => existsSync(file), 'file not found')
    .optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  // --- Observability (src/observability/) ---
  /** GET /metrics (Prometheus text) on the API; `false` answers it 404 like any unknown route. */
  METRICS_ENABLED: booleanDefaultTrue,
  /** When set, GET /metrics (API and worker) requires `Authorization: Bearer <METRICS_TOKEN>`; unset → open (bind HOST to a private address). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Worker process: port of its own GET /metrics (activity metrics: extraction durations, webhook outcomes); unset → not served. */
  WORKER_METRICS_PORT: port.optional(),
  /** When set, each API and worker process appends its memory (RSS, main-thread and extraction-thread heaps) to `<dir>/memory-<process>-<pid>.jsonl` (src/observability/memory-report.ts). */
  MEMORY_REPORT_DIR: z.string().min(1).optional(),
  /** How often those lines are written (and threads report their heaps). */
  MEMORY_REPORT_MS: z.coerce.number().int().min(1000).max(60 * 60 * 1000).default(60_000),
  /** Worker process: port of the Temporal SDK's Prometheus exporter (Runtime telemetry: task latencies, slots, polls); unset → off. */
  TEMPORAL_METRICS_PORT: port.optional(),
  /** OpenTelemetry tracing through Temporal (client → workflow → activities); also on when OTEL_EXPORTER_OTLP_ENDPOINT is set. */
  PITH_TRACING: booleanFromEnv,
  /** OTLP/HTTP collector base address (e.g. http://localhost:4318); spans go to `<it>/v1/traces`. Setting it turns tracing on. */
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('pith'),
  // --- OAuth for tool hosts (src/oauth/) ---
  /** Lifetime of an OAuth access token issued to a tool host (contract: 1 hour); shorter only for tests. */
  OAUTH_ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(24 * 60 * 60).default(60 * 60),
  /** Lifetime of each OAuth refresh token; every refresh issues a new one (rotation), so this is how long a grant may sit unused. */
  OAUTH_REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(365 * 24 * 60 * 60).default(30 * 24 * 60 * 60),
  // --- POST /search (src/search/) ---
  /** Where POST /search looks: `local` (full-text index of the pages this deployment extracted; offline), a SearXNG instance, or the Brave Search API. */
  SEARCH_PROVIDER: z.enum(['local', 'searxng', 'brave']).default('local'),
  /** Base address of a SearXNG instance with the JSON format enabled; required with SEARCH_PROVIDER=searxng. */
  SEARXNG_URL: httpUrl.optional(),
  /** Brave Search API subscription token; required with SEARCH_PROVIDER=brave. */
  BRAVE_API_KEY: z.string().min(1).optional(),
  /** Brave's web search endpoint (overridden by tests, or to go through a proxy). */
  BRAVE_API_URL: httpUrl.default('https://api.search.brave.com/res/v1/web/search'),
  /** Longest wait for one answer of a web search provider; past it POST /search answers 503 `service_unavailable`. */
  SEARCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Hours a page stays in the local search index after it was last extracted; 0 turns indexing off. */
  SEARCH_INDEX_RETENTION_HOURS: z.coerce.number().int().min(0).max(24 * 365).default(24),
  /** Results of one `extract: true` search extracted at once. */
  SEARCH_EXTRACT_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  // --- Pay per request with x402 (src/payments/) ---
  /** The x402 facilitator that verifies and settles payments; unset → no payment path (a keyless request is 401). `npm start` runs a local one on a dev chain. */
  X402_FACILITATOR_URL: httpUrl.optional(),
  /** CAIP-2 network of the payments, e.g. `eip155:8453` (Base) or `eip155:1337` (the local dev chain). */
  X402_NETWORK: z.string().regex(/^eip155:\d+$/, 'must be a CAIP-2 EVM network such as eip155:8453').optional(),
  /** Address receiving the payments. */
  X402_PAY_TO: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address').optional(),
  /** The EIP-3009 token paid in (USDC on a public chain). */
  X402_ASSET: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address').optional(),
  /** The token's EIP-712 domain name and version (USDC: `USD Coin` / `2`); payers sign against them. */
  X402_ASSET_NAME: z.string().min(1).default('USD Coin'),
  X402_ASSET_VERSION: z.string().min(1).default('2'),
  X402_ASSET_DECIMALS: z.coerce.number().int().min(2).max(36).default(6),
  /** Price of one metered request in cents (decisions: the Pro overage price, 0.35). */
  X402_UNIT_PRICE_CENTS: z.coerce.number().positive().max(100_000).default(0.35),
  /** How long a signed payment stays valid for settlement. */
  X402_MAX_TIMEOUT_SECONDS: z.coerce.number().int().min(30).max(24 * 60 * 60).default(300),
  /** Unpaid challenges (402 payment_required) one IP may receive per minute before 429 challenge_rate_limited. An x402 client probes once before each payment, so this also bounds paid requests per IP: 300/min leaves room for a busy agent. */
  X402_CHALLENGES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(300),
  /** `npm start` without X402_FACILITATOR_URL: ports of the local dev chain (ganache) and of x402's facilitator on it. */
  X402_DEV_CHAIN_PORT: port.default(8545),
  X402_DEV_FACILITATOR_PORT: port.default(4021),
  /** Longest wait for the facilitator's answer; settling includes waiting for the transaction's receipt. */
  X402_FACILITATOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
}).superRefine((env, ctx) => {
  // A web provider without its address or key would fail every search: refuse to start instead.
  if (env.SEARCH_PROVIDER === 'searxng' && !env.SEARXNG_URL) ctx.addIssue({ code: 'custom', path: ['SEARXNG_URL'], message: 'required when SEARCH_PROVIDER=searxng' });
  // A facilitator without the payment terms could not price anything: refuse to start instead.
  if (env.X402_FACILITATOR_URL) {
    for (const name of ['X402_NETWORK', 'X402_PAY_TO', 'X402_ASSET'] as const) {
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required when X402_FACILITATOR_URL is set' });
    }
  }
  if (env.SEARCH_PROVIDER === 'brave' && !env.BRAVE_API_KEY) ctx.addIssue({ code: 'custom', path: ['BRAVE_API_KEY'], message: 'required when SEARCH_PROVIDER=brave' });
});

export type Config = Readonly<
  Omit<z.infer<typeof envSchema>, 'BASE_URL' | 'MCP_URL'> & {
    BASE_URL: string;
    MCP_URL: string;
    VERSION: string;
  }
>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/** Parses an environment (process.env by default) into a frozen Config, or throws ConfigError naming each bad variable. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const baseUrl = (values.BASE_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  return Object.freeze({
    ...values,
    BASE_URL: baseUrl,
    MCP_URL: (values.MCP_URL ?? `${baseUrl}/mcp`).replace(/\/+$/, ''),
    VERSION: packageVersion(),
  });
}

let cached: Config | undefined;

/** The process-wide configuration, parsed once on first use. */
export function config(): Config {
  cached ??= parseConfig();
  return cached;
}

/** The user agent every outbound request carries (decisions: `Pith/<version> (+<base_url>)`). */
export function userAgent(cfg: Config = config()): string {
  return `Pith/${cfg.VERSION} (+${cfg.BASE_URL})`;
}

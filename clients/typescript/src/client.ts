import type { components, paths } from './generated/openapi.js';
import { PithConnectionError, PithError, PithTimeoutError, type ErrorBody } from './errors.js';

type Schemas = components['schemas'];
type JsonOf<R> = R extends { content: { 'application/json': infer T } } ? T : never;
/** The 200/201 JSON answer of a route. */
type Answer<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: infer R }
  ? R extends { 200: infer A } ? JsonOf<A> : R extends { 201: infer A } ? JsonOf<A> : never
  : never;

export type ExtractRequest = Schemas['ExtractRequest'];
export type ExtractResponse = Schemas['ExtractResponse'];
export type BulkRequest = Schemas['BulkRequest'];
export type CrawlRequest = Schemas['CrawlRequest'];
export type SearchRequest = Schemas['SearchRequest'];
export type MapRequest = Schemas['MapRequest'];
export type WatchRequest = Schemas['WatchRequest'];
export type WatchPatchRequest = Schemas['WatchPatchRequest'];
export type Job = Answer<'/jobs/{job_id}', 'get'>;
export type ResultEntry = Schemas['JobRead']['results'][number];
export type Usage = Schemas['Usage'];
export type LogEntry = Schemas['LogPage']['data'][number];
/** GET /logs filters: `endpoint` exactly as logged (`POST /extract`), `status` exact (`404`) or a class (`4xx`), `key_id`. */
export type LogFilters = Pick<NonNullable<paths['/logs']['get']['parameters']['query']>, 'endpoint' | 'status' | 'key_id'>;
export type JobSummary = Schemas['JobSummary'];
export type JobPage = Schemas['JobPage'];
/** The `data` of the `progress` and `done` events of GET /jobs/{job_id}/events. */
export type JobProgress = Schemas['JobProgress'];
export type JobListQuery = NonNullable<paths['/jobs']['get']['parameters']['query']>;
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type Watch = Schemas['Watch'];

export interface PithClientOptions {
  /** Default: `PITH_API_KEY`. */
  apiKey?: string | undefined;
  /** Default: `PITH_BASE_URL`, else http://localhost:3000 (`npm start`). */
  baseUrl?: string | undefined;
  /** Times a `rate_limit_too_fast` answer is waited out and retried (default 5). Never for `rate_limit_exceeded`: the month is spent. */
  maxRateLimitRetries?: number;
  /** The longest single wait for `Retry-After-Ms` (default 10 s); a longer one is not waited for. */
  maxRateLimitWaitMs?: number;
  /** Retries after a dropped connection, for requests safe to repeat: reads, and bulk/crawl submissions (they carry an Idempotency-Key). Default 2. */
  connectionRetries?: number;
  /** Per-request timeout (default 120 s: a rendered page can take a while). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  query?: Record<string, string | number | undefined> | undefined;
  headers?: Record<string, string>;
  /** Safe to send again after a dropped connection. */
  repeatable: boolean;
  /** The answer is bytes (a stored file), not JSON. */
  binary?: boolean;
}

/** An environment variable where there is an environment (Node); undefined in a browser. */
const envOf = (name: string): string | undefined => (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env[name];

/** Web Crypto's UUID: the same in Node 20+ and browsers, so the client runs in both. */
const newIdempotencyKey = (): string => globalThis.crypto.randomUUID();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The job states after which nothing changes. */
const FINISHED = new Set(['done', 'failed', 'cancelled']);

/**
 * A client of the Pith API. Every method is one route (or a loop over one: `wait`, `results`, `logs`,
 * `deliveries`, `watches.list`, `jobs.list`); failures are `PithError` (an answer in the error envelope) or
 * `PithConnectionError` (no answer).
 */
export class PithClient {
  readonly baseUrl: string;
  private readonly apiKey: string | undefined;
  private readonly options: Required<Omit<PithClientOptions, 'apiKey' | 'baseUrl' | 'fetch'>>;
  private readonly fetchImpl: typeof fetch;

  constructor(options: PithClientOptions = {}) {
    this.apiKey = options.apiKey ?? envOf('PITH_API_KEY');
    this.baseUrl = (options.baseUrl ?? envOf('PITH_BASE_URL') ?? 'http://localhost:3000').replace(/\/+$/, '');
    // A browser's fetch must be called on the window, not as a method of this object ("Illegal invocation").
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.options = {
      maxRateLimitRetries: options.maxRateLimitRetries ?? 5,
      maxRateLimitWaitMs: options.maxRateLimitWaitMs ?? 10_000,
      connectionRetries: options.connectionRetries ?? 2,
      timeoutMs: options.timeoutMs ?? 120_000,
    };
  }

  // --- public routes ---------------------------------------------------------------------------------

  /** POST /register: a free account and its first key (shown once). Needs no key. */
  register(email: string): Promise<Schemas['Registration']> {
    return this.request({ method: 'POST', path: '/register', body: { email }, repeatable: false });
  }

  pricing(): Promise<Schemas['Pricing']> {
    return this.request({ method: 'GET', path: '/pricing', repeatable: true });
  }

  health(): Promise<Schemas['Health']> {
    return this.request({ method: 'GET', path: '/health', repeatable: true });
  }

  // --- extraction ---------------------------------------------------------------------------------

  /** POST /extract: one page, answered when extracted. */
  extract(body: ExtractRequest): Promise<ExtractResponse> {
    return this.request({ method: 'POST', path: '/extract', body, repeatable: false });
  }

  /** GET /files/{file_id}: a stored screenshot's bytes. */
  file(fileId: string): Promise<ArrayBuffer> {
    return this.request({ method: 'GET', path: `/files/${encodeURIComponent(fileId)}`, repeatable: true, binary: true });
  }

  /** POST /search. */
  search(body: SearchRequest): Promise<Answer<'/search', 'post'>> {
    return this.request({ method: 'POST', path: '/search', body, repeatable: false });
  }

  /** POST /map: a site's URLs from its sitemaps and start page. */
  map(body: MapRequest): Promise<Answer<'/map', 'post'>> {
    return this.request({ method: 'POST', path: '/map', body, repeatable: false });
  }

  // --- jobs -----------------------------------------------------------------------------------------

  /**
   * POST /bulk. Sent with an Idempotency-Key (a new one unless given), so the retry after a dropped
   * connection returns the same job instead of starting a second.
   */
  bulk(body: BulkRequest, options: { idempotencyKey?: string } = {}): Promise<Answer<'/bulk', 'post'>> {
    return this.request({ method: 'POST', path: '/bulk', body, headers: { 'Idempotency-Key': options.idempotencyKey ?? newIdempotencyKey() }, repeatable: true });
  }

  /** POST /crawl, with an Idempotency-Key like `bulk`. */
  crawl(body: CrawlRequest, options: { idempotencyKey?: string } = {}): Promise<Answer<'/crawl', 'post'>> {
    return this.request({ method: 'POST', path: '/crawl', body, headers: { 'Idempotency-Key': options.idempotencyKey ?? newIdempotencyKey() }, repeatable: true });
  }

  /** GET /jobs/{job_id}: a bulk or crawl job with one page of its results. */
  job(jobId: string, page: { limit?: number; cursor?: string } = {}): Promise<Job> {
    return this.request({ method: 'GET', path: `/jobs/${encodeURIComponent(jobId)}`, query: page, repeatable: true });
  }

  /**
   * Polls the job until it finished (`done`, `failed`, `cancelled`), waiting longer between reads as it
   * runs (from `intervalMs`, ×1.5, up to 5 s). `onProgress` sees every read. Reads ask for one result only:
   * iterate `results(jobId)` for them.
   */
  async wait(jobId: string, options: { onProgress?: (job: Job) => void; timeoutMs?: number; intervalMs?: number } = {}): Promise<Job> {
    const deadline = Date.now() + (options.timeoutMs ?? 3_600_000);
    let interval = options.intervalMs ?? 500;
    for (;;) {
      const job = await this.job(jobId, { limit: 1 });
      options.onProgress?.(job);
      if (FINISHED.has(job.status)) return job;
      if (Date.now() + interval > deadline) throw new PithTimeoutError(`Job ${jobId} is still ${job.status} (${job.completed}/${job.total})`);
      await sleep(interval);
      interval = Math.min(5_000, Math.round(interval * 1.5));
    }
  }

  readonly jobs = {
    /** GET /jobs: one page of the account's jobs, newest first (pass `next_cursor` back as `cursor`, with the same filters). */
    page: (query: JobListQuery = {}): Promise<JobPage> => this.request({ method: 'GET', path: '/jobs', query, repeatable: true }),
    /** Every job of the account still readable, newest first, page by page; `kind` and `status` filter. */
    list: (options: Pick<JobListQuery, 'kind' | 'status'> & { pageSize?: number } = {}): AsyncGenerator<JobSummary> =>
      this.pages<JobPage, JobSummary>('/jobs', options.pageSize ?? 100, (page) => page.data, { kind: options.kind, status: options.status }),
  };

  /** Every result of a job, page by page (`pageSize` per read, at most 1000). */
  async *results(jobId: string, options: { pageSize?: number } = {}): AsyncGenerator<ResultEntry> {
    let cursor: string | undefined;
    do {
      const page = await this.job(jobId, { limit: options.pageSize ?? 100, ...(cursor ? { cursor } : {}) });
      for (const entry of page.results) yield entry as ResultEntry;
      cursor = (page as { next_cursor?: string | null }).next_cursor ?? undefined;
    } while (cursor);
  }

  // --- account ----------------------------------------------------------------------------------------

  usage(): Promise<Usage> {
    return this.request({ method: 'GET', path: '/usage', repeatable: true });
  }

  /** The request log, newest first, page by page; the filters apply to every page. */
  logs(options: LogFilters & { pageSize?: number } = {}): AsyncGenerator<LogEntry> {
    const { pageSize, ...filters } = options;
    return this.pages<Schemas['LogPage'], LogEntry>('/logs', pageSize ?? 100, (page) => page.data, filters);
  }

  readonly keys = {
    create: (body: Schemas['CreateKeyRequest']): Promise<Schemas['CreatedApiKey']> => this.request({ method: 'POST', path: '/keys', body, repeatable: false }),
    list: (): Promise<Schemas['ApiKeyList']> => this.request({ method: 'GET', path: '/keys', repeatable: true }),
    revoke: (keyId: string): Promise<Schemas['RevokedApiKey']> => this.request({ method: 'DELETE', path: `/keys/${encodeURIComponent(keyId)}`, repeatable: true }),
    rotate: (): Promise<Schemas['RotatedApiKey']> => this.request({ method: 'POST', path: '/keys/rotate', repeatable: false }),
  };

  // --- webhooks ---------------------------------------------------------------------------------------

  /** POST /webhook/rotate: a new signing secret (the old one stops signing at once). */
  rotateWebhookSecret(): Promise<Schemas['WebhookSecret']> {
    return this.request({ method: 'POST', path: '/webhook/rotate', repeatable: false });
  }

  /** Webhook deliveries, newest first, page by page (`jobId`: only that job's). */
  deliveries(options: { pageSize?: number; jobId?: string } = {}): AsyncGenerator<WebhookDelivery> {
    return this.pages<Schemas['WebhookDeliveryPage'], WebhookDelivery>('/webhooks/deliveries', options.pageSize ?? 50, (page) => page.data, { job_id: options.jobId });
  }

  redeliver(deliveryId: string): Promise<WebhookDelivery> {
    return this.request({ method: 'POST', path: `/webhooks/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, repeatable: false });
  }

  // --- watches ----------------------------------------------------------------------------------------

  readonly watches = {
    create: (body: WatchRequest): Promise<Schemas['CreatedWatch']> => this.request({ method: 'POST', path: '/watches', body, repeatable: false }),
    get: (watchId: string): Promise<Watch> => this.request({ method: 'GET', path: `/watches/${encodeURIComponent(watchId)}`, repeatable: true }),
    update: (watchId: string, body: WatchPatchRequest): Promise<Watch> => this.request({ method: 'PATCH', path: `/watches/${encodeURIComponent(watchId)}`, body, repeatable: true }),
    delete: (watchId: string): Promise<Schemas['DeletedWatch']> => this.request({ method: 'DELETE', path: `/watches/${encodeURIComponent(watchId)}`, repeatable: true }),
    list: (options: { pageSize?: number } = {}): AsyncGenerator<Watch> => this.pages<Schemas['WatchPage'], Watch>('/watches', options.pageSize ?? 50, (page) => page.watches),
  };

  /** Every item of a paged list route (`limit` + `cursor`, `next_cursor` null on the last page); `filters` go with every page. */
  private async *pages<Page extends { next_cursor: string | null }, Item>(path: string, limit: number, itemsOf: (page: Page) => Item[], filters: Record<string, string | undefined> = {}): AsyncGenerator<Item> {
    let cursor: string | undefined;
    do {
      const page: Page = await this.request({ method: 'GET', path, query: { ...filters, limit, cursor }, repeatable: true });
      yield* itemsOf(page);
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
  }

  // --- the one place requests are sent ------------------------------------------------------------------

  /** Sends a call: waits out `rate_limit_too_fast` (bounded), retries a repeatable call after a dropped connection, throws the envelope as PithError. */
  async request<T>(call: Call): Promise<T> {
    let rateLimited = 0;
    let dropped = 0;
    for (;;) {
      let response: Response;
      try {
        response = await this.send(call);
      } catch (err) {
        if (call.repeatable && dropped < this.options.connectionRetries) {
          dropped++;
          await sleep(200 * dropped);
          continue;
        }
        throw new PithConnectionError(`${call.method} ${call.path}: no answer from ${this.baseUrl} (${(err as Error).message})`, err);
      }
      if (response.ok) return (call.binary ? await response.arrayBuffer() : await response.json()) as T;
      const error = await errorOf(response);
      if (error.code === 'rate_limit_too_fast' && rateLimited < this.options.maxRateLimitRetries) {
        const waitMs = Number(response.headers.get('retry-after-ms') ?? (error.retryAfter ?? 1) * 1000);
        if (Number.isFinite(waitMs) && waitMs <= this.options.maxRateLimitWaitMs) {
          rateLimited++;
          await sleep(Math.max(1, waitMs));
          continue;
        }
      }
      throw error;
    }
  }

  private send(call: Call): Promise<Response> {
    const url = new URL(`${this.baseUrl}${call.path}`);
    for (const [name, value] of Object.entries(call.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
    if (this.apiKey) headers.authorization = `Bearer ${this.apiKey}`;
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    return this.fetchImpl(url, {
      method: call.method,
      headers,
      ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
  }
}

async function errorOf(response: Response): Promise<PithError> {
  const text = await response.text();
  try {
    const parsed = JSON.parse(text) as { error?: ErrorBody };
    if (parsed.error?.code) return new PithError(response.status, parsed.error);
  } catch {
    /* not the envelope: described below */
  }
  return new PithError(response.status, { code: response.status >= 500 ? 'internal_error' : 'invalid_request', message: `HTTP ${response.status}: ${text.slice(0, 200)}`, retry: response.status >= 500, docs_url: '' });
}

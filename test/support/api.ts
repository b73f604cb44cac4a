import { randomUUID } from 'node:crypto';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** A thin JSON client for Pith's REST API, as a user would call it. */
export function apiClient(baseUrl: string) {
  /**
   * Behaves like a polite client: a 429 `rate_limit_too_fast` is retried after its `Retry-After-Ms`
   * (tests of the limiter itself pass `raw: true` to see every 429).
   */
  async function call<T = any>(method: string, path: string, options: { key?: string; body?: unknown; headers?: Record<string, string>; raw?: boolean } = {}): Promise<ApiResponse<T>> {
    for (let attempt = 0; ; attempt++) {
      const response = await once<T>(method, path, options);
      const tooFast = response.status === 429 && (response.body as { error?: { code?: string } })?.error?.code === 'rate_limit_too_fast';
      if (options.raw || !tooFast || attempt >= 20) return response;
      await new Promise((r) => setTimeout(r, Number(response.headers.get('retry-after-ms') ?? 200)));
    }
  }

  async function once<T>(method: string, path: string, options: { key?: string; body?: unknown; headers?: Record<string, string> }): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }
  return {
    call,
    get: <T = any>(path: string, key?: string) => call<T>('GET', path, { key }),
    post: <T = any>(path: string, body: unknown, key?: string) => call<T>('POST', path, { key, body }),
    /** Registers a fresh account and returns its registration (with the raw key). */
    async register(email = `user-${randomUUID()}@example.com`) {
      const response = await call('POST', '/register', { body: { email } });
      if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body as { account_id: string; key_id: string; api_key: string; plan: string };
    },
  };
}

/** Polls `read` until `done` holds, returning every value seen (for monotonicity checks). */
export async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000, intervalMs = 100): Promise<T[]> {
  const seen: T[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    seen.push(value);
    if (done(value)) return seen;
    if (Date.now() > deadline) throw new Error(`condition not reached in ${timeoutMs} ms; last value: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/**
 * Submits a job, waits until it is done or failed (throwing on any other submission status), and returns
 * the last read and its results by URL (the first page of results: keep jobs small).
 */
export async function finishedJob<E extends { url: string }>(
  api: ReturnType<typeof apiClient>,
  kind: 'bulk' | 'crawl',
  key: string,
  body: object,
  timeoutMs = 90_000,
): Promise<{ job: Record<string, any>; byUrl: Map<string, E> }> {
  const submitted = await api.post(`/${kind}`, body, key);
  if (submitted.status !== 200) throw new Error(`POST /${kind} answered ${submitted.status}: ${JSON.stringify(submitted.body)}`);
  const reads = await pollUntil(() => api.get(`/${kind}/${submitted.body.job_id}`, key), (r) => ['done', 'failed'].includes(r.body.status), timeoutMs, 150);
  const job = reads.at(-1)!.body as Record<string, any>;
  return { job, byUrl: new Map((job.results as E[]).map((entry) => [entry.url, entry])) };
}

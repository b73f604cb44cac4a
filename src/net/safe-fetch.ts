import { Agent, fetch, errors as undiciErrors } from 'undici';
import { ExtractionError } from '../contract/extraction-error.js';
import { addressPolicyFor, type AddressPolicy } from './address-policy.js';
import { assertFetchableUrl } from './fetchable-url.js';
import { ADDRESS_REFUSED, guardedLookup } from './guarded-lookup.js';

export interface FetchOptions {
  /** Lifts the SSRF guard (local development and tests only). */
  allowPrivate: boolean;
  /** Overrides `allowPrivate` with an explicit policy (tests allow exactly one loopback address). */
  addressPolicy?: AddressPolicy;
  timeoutMs: number;
  maxBytes: number;
  userAgent: string;
  maxRedirects?: number;
  /** The error for a body over `maxBytes`, by Content-Type (documents have their own code); default `fetch_failed`. */
  oversizeError?: (contentType: string, maxBytes: number) => ExtractionError | undefined;
  /** Past `maxBytes`, keep the first `maxBytes` (the page says `truncated`) instead of failing: robots.txt is parsed up to a limit (RFC 9309 §2.5). */
  truncate?: boolean;
  /** The caller's headers (POST /extract `headers`): sent to the first URL's origin only, never after a redirect elsewhere. */
  originHeaders?: Record<string, string>;
  /**
   * A stored copy's validators: the request becomes conditional (`If-None-Match` / `If-Modified-Since`,
   * to the first URL's origin only) and a 304 answers `notModified` instead of failing.
   */
  validators?: Validators;
}

/** What a response said about its version, for a later conditional request. */
export interface Validators {
  etag?: string;
  lastModified?: string;
}

export interface FetchedPage {
  /** The URL after redirects. */
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
  /** Charset named by the Content-Type header, if any. */
  headerCharset: string | undefined;
  /** Only with `truncate`: the body was cut at `maxBytes`. */
  truncated?: boolean;
  /** The response's `ETag` / `Last-Modified` (what a later conditional request sends back). */
  validators: Validators;
  /** Only with `validators`: the server answered 304, the stored copy is current (the body is empty). */
  notModified?: boolean;
}

function validatorsOf(headers: Headers): Validators {
  const etag = headers.get('etag');
  const lastModified = headers.get('last-modified');
  return { ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) };
}

function conditionalHeaders(validators: Validators | undefined): Record<string, string> {
  if (!validators) return {};
  return { ...(validators.etag ? { 'if-none-match': validators.etag } : {}), ...(validators.lastModified ? { 'if-modified-since': validators.lastModified } : {}) };
}

const agents = new WeakMap<AddressPolicy, Map<number, Agent>>();

/** One keep-alive pool per address policy and timeout; connections are validated when made. */
function agentFor(policy: AddressPolicy, timeoutMs: number): Agent {
  let byTimeout = agents.get(policy);
  if (!byTimeout) agents.set(policy, (byTimeout = new Map()));
  let agent = byTimeout.get(timeoutMs);
  if (!agent) {
    agent = new Agent({
      connect: { lookup: guardedLookup(policy), timeout: timeoutMs },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      keepAliveTimeout: 4_000,
      connections: 64,
    });
    byTimeout.set(timeoutMs, agent);
  }
  return agent;
}

function causeChain(err: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = err;
  while (current && chain.length < 6) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

function mapNetworkError(err: unknown, url: URL): ExtractionError {
  const chain = causeChain(err);
  if (chain.some((e) => (e as { code?: string }).code === ADDRESS_REFUSED)) {
    return new ExtractionError('unsafe_url', `${url.hostname} resolves to a non-public address`);
  }
  const timedOut = chain.some(
    (e) =>
      e instanceof undiciErrors.HeadersTimeoutError ||
      e instanceof undiciErrors.BodyTimeoutError ||
      e instanceof undiciErrors.ConnectTimeoutError ||
      (e as { name?: string }).name === 'TimeoutError',
  );
  if (timedOut) return new ExtractionError('target_timeout', `${url.host} did not respond in time`);
  const code = chain.map((e) => (e as { code?: string }).code).find(Boolean);
  const detail = code ? ` (${code})` : '';
  return new ExtractionError('fetch_failed', `Could not reach ${url.host}${detail}`);
}

async function readCapped(
  body: AsyncIterable<Uint8Array> | null,
  maxBytes: number,
  url: URL,
  truncate: boolean,
  oversize?: () => ExtractionError | undefined,
): Promise<{ body: Buffer; truncated: boolean }> {
  if (!body) return { body: Buffer.alloc(0), truncated: false };
  const parts: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop early (return or throw) cancels the stream, so an oversized body is not downloaded further.
  for await (const part of body) {
    if (size + part.byteLength > maxBytes) {
      if (!truncate) throw oversize?.() ?? new ExtractionError('fetch_failed', `${url.host} sent more than ${maxBytes} bytes; the page was not read`);
      parts.push(part.subarray(0, maxBytes - size));
      return { body: Buffer.concat(parts), truncated: true };
    }
    size += part.byteLength;
    parts.push(part);
  }
  return { body: Buffer.concat(parts), truncated: false };
}

/** Header names in one case, so the caller's `User-Agent` replaces Pith's `user-agent` rather than doubling it. */
function lowerCased(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/**
 * GETs a page with the SSRF guard on every hop: at most `maxRedirects` redirects, each re-checked;
 * compressed bodies decoded; the body capped at `maxBytes`; one deadline for the whole exchange.
 */
export async function fetchPage(rawUrl: string, options: FetchOptions): Promise<FetchedPage> {
  const maxRedirects = options.maxRedirects ?? 5;
  const signal = AbortSignal.timeout(options.timeoutMs);
  const policy = options.addressPolicy ?? addressPolicyFor(options.allowPrivate);
  const dispatcher = agentFor(policy, options.timeoutMs);
  let url = assertFetchableUrl(rawUrl, options.allowPrivate, policy);
  const origin = url.origin;
  for (let hop = 0; ; hop++) {
    let response: Awaited<ReturnType<typeof fetch>>;
    try {
      response = await fetch(url, {
        dispatcher,
        redirect: 'manual',
        signal,
        headers: {
          'user-agent': options.userAgent,
          accept: 'text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8,*/*;q=0.5',
          ...(options.originHeaders && url.origin === origin ? lowerCased(options.originHeaders) : {}),
          ...(url.origin === origin ? conditionalHeaders(options.validators) : {}),
          'accept-encoding': 'gzip, deflate, br',
        },
      });
    } catch (err) {
      throw mapNetworkError(err, url);
    }
    if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
      await response.body?.cancel().catch(() => undefined);
      if (hop >= maxRedirects) throw new ExtractionError('fetch_failed', `More than ${maxRedirects} redirects from ${rawUrl}`);
      url = assertFetchableUrl(new URL(response.headers.get('location') ?? '', url).href, options.allowPrivate, policy);
      continue;
    }
    if (response.status === 304 && options.validators) {
      await response.body?.cancel().catch(() => undefined);
      return { url: url.href, status: 304, contentType: '', body: Buffer.alloc(0), headerCharset: undefined, validators: { ...options.validators, ...validatorsOf(response.headers) }, notModified: true };
    }
    if (response.status < 200 || response.status >= 300) {
      await response.body?.cancel().catch(() => undefined);
      throw new ExtractionError('target_http_error', `${url.host} answered HTTP ${response.status}`, response.status);
    }
    const contentType = response.headers.get('content-type') ?? '';
    let read: { body: Buffer; truncated: boolean };
    try {
      read = await readCapped(response.body, options.maxBytes, url, options.truncate ?? false, () => options.oversizeError?.(contentType, options.maxBytes));
    } catch (err) {
      if (err instanceof ExtractionError) throw err;
      throw mapNetworkError(err, url);
    }
    const charsetMatch = /charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType);
    return { url: url.href, status: response.status, contentType, body: read.body, headerCharset: charsetMatch?.[1], validators: validatorsOf(response.headers), ...(read.truncated ? { truncated: true } : {}) };
  }
}

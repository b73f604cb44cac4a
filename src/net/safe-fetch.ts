import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress } from 'node:dns';
import { Agent, fetch, errors as undiciErrors } from 'undici';
import { ExtractionError } from '../contract/extraction-error.js';
import { ipLiteral, isPublicAddress } from './address-policy.js';

/** Which resolved addresses a connection may go to. */
export type AddressPolicy = (address: string) => boolean;

const anyAddress: AddressPolicy = () => true;

export function addressPolicyFor(allowPrivate: boolean): AddressPolicy {
  return allowPrivate ? anyAddress : isPublicAddress;
}

export interface FetchOptions {
  /** Lifts the SSRF guard (local development and tests only). */
  allowPrivate: boolean;
  /** Overrides `allowPrivate` with an explicit policy (tests allow exactly one loopback origin). */
  addressPolicy?: AddressPolicy;
  timeoutMs: number;
  maxBytes: number;
  userAgent: string;
  maxRedirects?: number;
}

export interface FetchedPage {
  /** The URL after redirects. */
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
  /** Charset named by the Content-Type header, if any. */
  headerCharset: string | undefined;
}

const UNSAFE = Symbol('unsafe-address');

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * DNS resolution for outgoing connections: every address a name resolves to must be public, and the
 * connection is made to the address checked here (no second lookup an attacker could rebind).
 */
export function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as LookupAddress[];
      const bad = list.find((a) => !policy(a.address));
      if (bad) {
        const refusal = Object.assign(new Error(`${hostname} resolves to a non-public address (${bad.address})`), { code: 'EPITHUNSAFE', [UNSAFE]: true });
        return callback(refusal, []);
      }
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      if (options.all) return callback(null, [first]);
      return callback(null, first.address, first.family);
    });
  };
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

const LOOPBACK_NAME = /(^|\.)localhost\.?$/i;

/**
 * Refuses non-http(s) URLs, credentials, and hosts the policy refuses without asking DNS: IP literals
 * (the WHATWG parser has already turned decimal, hex, octal and short IPv4 forms into dotted quads)
 * and the reserved loopback names `localhost` / `*.localhost`.
 */
export function assertFetchableUrl(raw: string, allowPrivate: boolean, policy: AddressPolicy = addressPolicyFor(allowPrivate)): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ExtractionError('invalid_request', `Not a valid absolute URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ExtractionError('invalid_request', `Only http and https URLs can be fetched, not ${url.protocol}`);
  }
  if (url.username || url.password) throw new ExtractionError('invalid_request', 'URLs with credentials are not fetched');
  const literal = ipLiteral(url.hostname) ?? (LOOPBACK_NAME.test(url.hostname) ? '127.0.0.1' : undefined);
  if (literal && !policy(literal)) throw new ExtractionError('unsafe_url', `${url.hostname} is not a public address`);
  return url;
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
  if (chain.some((e) => (e as Record<symbol, unknown>)[UNSAFE] || (e as { code?: string }).code === 'EPITHUNSAFE')) {
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

async function readCapped(body: AsyncIterable<Uint8Array> | null, maxBytes: number, url: URL): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const parts: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop early (throw) cancels the stream, so an oversized body is not downloaded further.
  for await (const part of body) {
    size += part.byteLength;
    if (size > maxBytes) throw new ExtractionError('fetch_failed', `${url.host} sent more than ${maxBytes} bytes; the page was not read`);
    parts.push(part);
  }
  return Buffer.concat(parts);
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
    if (response.status < 200 || response.status >= 300) {
      await response.body?.cancel().catch(() => undefined);
      throw new ExtractionError('target_http_error', `${url.host} answered HTTP ${response.status}`, response.status);
    }
    const contentType = response.headers.get('content-type') ?? '';
    let body: Buffer;
    try {
      body = await readCapped(response.body, options.maxBytes, url);
    } catch (err) {
      if (err instanceof ExtractionError) throw err;
      throw mapNetworkError(err, url);
    }
    const charsetMatch = /charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType);
    return { url: url.href, status: response.status, contentType, body, headerCharset: charsetMatch?.[1] };
  }
}

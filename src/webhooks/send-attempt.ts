import { rootCertificates } from 'node:tls';
import { Agent, request, errors as undiciErrors } from 'undici';
import { addressPolicyFor } from '../net/address-policy.js';
import { assertFetchableUrl } from '../net/fetchable-url.js';
import { ADDRESS_REFUSED, guardedLookup } from '../net/guarded-lookup.js';
import { ExtractionError } from '../contract/extraction-error.js';
import { DELIVERY_ID_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER, signWebhook } from './signature.js';

export interface AttemptRequest {
  url: string;
  deliveryId: string;
  body: string;
  /** The account's current signing secret (`whsec_…`). */
  secret: string;
  timeoutMs: number;
  /** ALLOW_PRIVATE_TARGETS: plain http and private addresses are let through (development and tests only). */
  allowPrivate: boolean;
  userAgent: string;
  /** Extra trusted CA certificates (PEM), added to the public roots. */
  extraCa?: string;
  now?: () => number;
}

export interface AttemptOutcome {
  succeeded: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** Refusals before any connection: wrong scheme, credentials, private IP literals or `localhost`. */
function targetOf(rawUrl: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = assertFetchableUrl(rawUrl, allowPrivate);
  } catch (err) {
    if (err instanceof ExtractionError) throw new AttemptRefused(`refused: ${err.message}`);
    throw err;
  }
  if (url.protocol !== 'https:' && !allowPrivate) throw new AttemptRefused('refused: webhook_url must be https://');
  return url;
}

class AttemptRefused extends Error {}

function causeChain(err: unknown): { code?: string; message?: string; name?: string }[] {
  const chain: { code?: string; message?: string; name?: string }[] = [];
  for (let current = err; current && chain.length < 8; current = (current as { cause?: unknown }).cause) chain.push(current as object);
  return chain;
}

const TLS_CODE = /CERT|SSL|TLS|UNABLE_TO|DEPTH_ZERO|HOSTNAME|ALTNAME/;
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'ENODATA', 'ESERVFAIL']);

/** One line saying why the attempt failed without an HTTP status: timeout, refused address, DNS, TLS or connection. */
function describeFailure(err: unknown, url: URL, timedOut: boolean, timeoutMs: number): string {
  const chain = causeChain(err);
  const isTimeout =
    timedOut ||
    chain.some(
      (e) => e instanceof undiciErrors.HeadersTimeoutError || e instanceof undiciErrors.ConnectTimeoutError || e instanceof undiciErrors.BodyTimeoutError || e.name === 'TimeoutError',
    );
  if (isTimeout) return `timeout: no response within ${timeoutMs} ms`;
  const unsafe = chain.find((e) => e.code === ADDRESS_REFUSED);
  if (unsafe) return `refused: ${unsafe.message}`;
  const coded = chain.find((e) => typeof e.code === 'string' && e.code !== 'UND_ERR_SOCKET');
  const code = coded?.code ?? '';
  if (DNS_CODES.has(code)) return `dns: ${url.hostname} did not resolve (${code})`;
  if (TLS_CODE.test(code)) return `tls: ${coded?.message ?? code} (${code})`;
  const detail = coded?.message ?? chain.at(-1)?.message ?? String(err);
  return `connection: ${detail}${code ? ` (${code})` : ''}`;
}

/**
 * One delivery attempt: signs now (fresh timestamp and signature, same delivery id), resolves the host
 * through the SSRF guard (a name that now points at a private address fails the attempt), POSTs once and
 * never follows a redirect. Success is a 2xx within `timeoutMs`; everything else is a failure, described.
 * A fresh connection per attempt, so every attempt re-checks DNS.
 */
export async function sendWebhookAttempt(req: AttemptRequest): Promise<AttemptOutcome> {
  const now = req.now ?? Date.now;
  const started = now();
  const elapsed = () => Math.max(0, Math.round(now() - started));
  let url: URL;
  try {
    url = targetOf(req.url, req.allowPrivate);
  } catch (err) {
    if (err instanceof AttemptRefused) return { succeeded: false, statusCode: null, error: err.message, durationMs: elapsed() };
    throw err;
  }
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = signWebhook({ deliveryId: req.deliveryId, timestamp, body: req.body, secret: req.secret });
  const agent = new Agent({
    connect: {
      lookup: guardedLookup(addressPolicyFor(req.allowPrivate)),
      timeout: req.timeoutMs,
      ...(req.extraCa ? { ca: [...rootCertificates, req.extraCa] } : {}),
    },
    headersTimeout: req.timeoutMs,
    bodyTimeout: req.timeoutMs,
    pipelining: 0,
  });
  const deadline = AbortSignal.timeout(req.timeoutMs);
  try {
    const response = await request(url, {
      method: 'POST',
      dispatcher: agent,
      signal: deadline,
      headers: {
        'content-type': 'application/json',
        'user-agent': req.userAgent,
        [DELIVERY_ID_HEADER.toLowerCase()]: req.deliveryId,
        [TIMESTAMP_HEADER.toLowerCase()]: String(timestamp),
        [SIGNATURE_HEADER.toLowerCase()]: signature,
      },
      body: req.body,
    });
    const durationMs = elapsed();
    // The receiver's reply body is not needed and the connection is not reused: drop both (quietly).
    response.body.on('error', () => undefined).destroy();
    const { statusCode } = response;
    if (statusCode >= 200 && statusCode < 300) return { succeeded: true, statusCode, error: null, durationMs };
    const redirect = statusCode >= 300 && statusCode < 400 ? ' (redirects are not followed)' : '';
    return { succeeded: false, statusCode, error: `HTTP ${statusCode}${redirect}`, durationMs };
  } catch (err) {
    return { succeeded: false, statusCode: null, error: describeFailure(err, url, deadline.aborted, req.timeoutMs), durationMs: elapsed() };
  } finally {
    agent.destroy().catch(() => undefined);
  }
}

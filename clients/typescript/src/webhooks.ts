import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * For receivers: checks a Pith webhook exactly as the contract says and returns the parsed payload.
 * Self-contained (node:crypto only) so it can be copied into a receiver's code base.
 *
 *   const event = verifyPithWebhook({ rawBody, headers: req.headers, secrets: [current, previous] });
 */

/** The `job.completed` body (contract "Events"). `Result` is one result entry (OpenAPI `ResultEntry`). */
export interface PithJobCompletedEvent<Result = { url: string } & Record<string, unknown>> {
  event: 'job.completed';
  job_id: string;
  kind: 'bulk' | 'crawl';
  status: string;
  total: number;
  completed: number;
  finished_at: string;
  /** Crawl jobs only: the crawl stopped before it ran out of links, and why. */
  truncated?: boolean;
  truncated_reason?: string | null;
  /** `GET /bulk/{job_id}` or `GET /crawl/{job_id}`, read with a normal key. */
  results_url: string;
  /** With `webhook_include_results: true`, when the body stays within 5 MiB. */
  results?: Result[];
  /** With `webhook_include_results: true`, when the results did not fit: the thin shape is sent instead. */
  results_truncated_for_size?: true;
}

export class PithWebhookVerificationError extends Error {
  override name = 'PithWebhookVerificationError';
  constructor(
    readonly reason: 'missing_header' | 'bad_timestamp' | 'timestamp_out_of_tolerance' | 'bad_signature' | 'bad_secret' | 'bad_body',
    message: string,
  ) {
    super(message);
  }
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

export interface VerifyPithWebhookInput {
  /** The body bytes exactly as received: never a re-serialized form. */
  rawBody: string | Uint8Array;
  headers: HeaderBag;
  /** Every secret to accept (`whsec_<64 hex>`): the current one, and the previous one during a rotation. */
  secrets: string[];
  /** Largest accepted drift between the signing time and now (contract default: 300 seconds). */
  toleranceSeconds?: number;
  /** The receiver's clock (tests). */
  now?: Date;
}

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value.join(' ') : value;
  }
  return undefined;
}

function keyOf(secret: string): Buffer {
  const match = /^whsec_([0-9a-fA-F]{64})$/.exec(secret.trim());
  if (!match?.[1]) throw new PithWebhookVerificationError('bad_secret', 'A secret is `whsec_` followed by 64 hex characters');
  return Buffer.from(match[1], 'hex');
}

/** Verifies signature and age, then parses the body. Throws PithWebhookVerificationError saying what was wrong. */
export function verifyPithWebhook<T = PithJobCompletedEvent>({ rawBody, headers, secrets, toleranceSeconds = 300, now = new Date() }: VerifyPithWebhookInput): T {
  const deliveryId = header(headers, 'x-pith-delivery-id');
  const timestampText = header(headers, 'x-pith-timestamp');
  const signatureText = header(headers, 'x-pith-signature');
  if (!deliveryId || !timestampText || !signatureText) {
    throw new PithWebhookVerificationError('missing_header', 'X-Pith-Delivery-Id, X-Pith-Timestamp and X-Pith-Signature are all required');
  }
  if (!/^\d{1,12}$/.test(timestampText)) throw new PithWebhookVerificationError('bad_timestamp', 'X-Pith-Timestamp is not unix seconds');
  const drift = Math.abs(Math.floor(now.getTime() / 1000) - Number(timestampText));
  if (drift > toleranceSeconds) {
    throw new PithWebhookVerificationError('timestamp_out_of_tolerance', `X-Pith-Timestamp is ${drift} s away from now (tolerance ${toleranceSeconds} s): stale or replayed`);
  }
  if (secrets.length === 0) throw new PithWebhookVerificationError('bad_secret', 'No secret to verify with');
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  const signedContent = Buffer.concat([Buffer.from(`${deliveryId}.${timestampText}.`, 'utf8'), body]);
  // The header may carry several space-separated signatures (Standard Webhooks form); one match suffices.
  // Compared as base64 text, not decoded bytes: Node's lenient decoder would also accept other spellings of
  // the same MAC (padding dropped, URL-safe `-`/`_`, unused low bits of the last character changed).
  const received = signatureText
    .split(' ')
    .filter((part) => part.startsWith('v1,'))
    .map((part) => Buffer.from(part.slice(3), 'utf8'));
  const keys = secrets.map(keyOf);
  const matches = keys.some((key) => {
    const expected = Buffer.from(createHmac('sha256', key).update(signedContent).digest('base64'), 'utf8');
    return received.some((candidate) => candidate.length === expected.length && timingSafeEqual(candidate, expected));
  });
  if (!matches) throw new PithWebhookVerificationError('bad_signature', 'X-Pith-Signature does not match the body with any of the given secrets');
  try {
    return JSON.parse(body.toString('utf8')) as T;
  } catch {
    throw new PithWebhookVerificationError('bad_body', 'The body is not JSON');
  }
}

/** `verifyWebhook(rawBody, headers, secrets)`: the positional form of verifyPithWebhook. */
export function verifyWebhook<T = PithJobCompletedEvent>(rawBody: string | Uint8Array, headers: HeaderBag, secrets: string | string[], toleranceSeconds = 300): T {
  return verifyPithWebhook<T>({ rawBody, headers, secrets: Array.isArray(secrets) ? secrets : [secrets], toleranceSeconds });
}

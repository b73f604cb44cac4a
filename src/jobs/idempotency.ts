import { createHash } from 'node:crypto';
import { ApiError } from '../contract/errors.js';


const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The `Idempotency-Key` header, validated: 1–255 visible ASCII characters. */
export function parseIdempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined || header === '') return undefined;
  if (!KEY_PATTERN.test(header)) throw new ApiError('invalid_request', 'Idempotency-Key: must be 1–255 visible ASCII characters');
  return header;
}

/** JSON with object keys sorted, so the same body hashes the same whatever the key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value as object)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 of the canonical request body: tells a replay from a reuse of the same key. */
export function requestFingerprint(body: unknown): string {
  return createHash('sha256').update(canonical(body)).digest('hex');
}

import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/** Decisions: `ce_` + 40 lowercase hex (160 bits of randomness); stored only as a SHA-256 hash. */
export const API_KEY_PREFIX = 'ce_';
export const API_KEY_PATTERN = /^ce_[0-9a-f]{40}$/;

export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(20).toString('hex');
}

export function hashApiKey(rawKey: string): string {
  return createHash('sha256').update(rawKey, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex digests of equal length. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The key's public id, used by DELETE /keys/{id} and /logs. */
export function newKeyId(): string {
  return `key_${randomUUID()}`;
}

/** Scopes of the contract's table; `*` holds them all. */
export const SCOPES = ['extract', 'bulk', 'crawl', 'search', 'keys'] as const;
export type Scope = (typeof SCOPES)[number];
export const ALL_SCOPES = '*';

export function hasScope(granted: readonly string[], required: Scope): boolean {
  return granted.includes(ALL_SCOPES) || granted.includes(required);
}

import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** Codes and refresh tokens are stored only as their SHA-256 (hex), like API keys. */
export function secretDigest(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** 256 bits, base64url (RFC 6749 `vschar` only). */
export function generateAuthorizationCode(): string {
  return randomBytes(32).toString('base64url');
}

/** `rt_` + 256 bits, base64url: recognisable in logs and secret scanners, never mistaken for a key. */
export function generateRefreshToken(): string {
  return `rt_${randomBytes(32).toString('base64url')}`;
}

export function newClientId(): string {
  return `pith_client_${randomUUID()}`;
}

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Decisions: `jt_` + at least 32 bytes of randomness, base64url; stored hashed; valid for its one job only. */
export function generateJobToken(): { token: string; hash: string } {
  const token = `jt_${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashJobToken(token) };
}

export function hashJobToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const TOKEN_PATTERN = /^jt_[A-Za-z0-9_-]{43,128}$/;

/** Constant-time check of a presented token against the job's stored hash. */
export function jobTokenMatches(presented: string, storedHash: string | null): boolean {
  if (!storedHash || !TOKEN_PATTERN.test(presented)) return false;
  const a = Buffer.from(hashJobToken(presented), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

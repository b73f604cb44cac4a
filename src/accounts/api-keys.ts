import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import cluster from 'node:cluster';
import { ALL_SCOPES, type Scope } from '../contract/vocabulary.js';

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


export function hasScope(granted: readonly string[], required: Scope): boolean {
  return granted.includes(ALL_SCOPES) || granted.includes(required);
}

/**
 * How long a key looked up by this process is trusted without asking the database again. Revocation
 * and rotation through this process drop the entry before they answer (and tell sibling cluster
 * workers, see `main.ts`); this bound applies only to changes made elsewhere: another API host,
 * `npm run admin` (deactivation, plan changes) or SQL by hand. Expiry is checked on every request.
 */
export const KEY_CACHE_TTL_MS = 250;
const KEY_CACHE_MAX_ENTRIES = 10_000;
/** The cluster message that carries an invalidation between API workers (relayed by the primary). */
export const KEY_CACHE_MESSAGE = 'pith:key-cache:forget';

interface CacheEntry {
  owner: object;
  row: unknown;
  keyId: string;
  accountId: string;
  fetchedAt: number;
}

export type KeyCacheForget = { keyId: string } | { accountId: string };

/**
 * The in-process cache of key lookups, by SHA-256 digest (raw keys are never held). Only live keys
 * of live accounts are cached, never OAuth access tokens (their grants are revoked elsewhere), and
 * `owner` (the database client) scopes entries. A lookup that overlapped an invalidation is not
 * cached (`epoch`), so a query that read the row just before a revocation committed cannot bring it back.
 */
class KeyCache {
  private readonly entries = new Map<string, CacheEntry>();
  private invalidations = 0;

  get epoch(): number {
    return this.invalidations;
  }

  get<T>(owner: object, digest: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(digest);
    if (!entry || entry.owner !== owner) return undefined;
    if (now - entry.fetchedAt >= KEY_CACHE_TTL_MS) {
      this.entries.delete(digest);
      return undefined;
    }
    return entry.row as T;
  }

  set(owner: object, digest: string, row: { id: string; accountId: string }, lookupEpoch: number, now = Date.now()): void {
    if (lookupEpoch !== this.invalidations) return;
    this.entries.delete(digest); // re-inserted last: Map order is the eviction order
    this.entries.set(digest, { owner, row, keyId: row.id, accountId: row.accountId, fetchedAt: now });
    if (this.entries.size > KEY_CACHE_MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  /** Drops a key (revoked, rotated) or every key of an account (deactivated, plan changed) in this process only. */
  forgetLocally(what: KeyCacheForget): void {
    this.invalidations++;
    for (const [digest, entry] of this.entries) {
      if ('keyId' in what ? entry.keyId === what.keyId : entry.accountId === what.accountId) this.entries.delete(digest);
    }
  }

  clear(): void {
    this.invalidations++;
    this.entries.clear();
  }
}

export const keyCache = new KeyCache();

/**
 * Call after a change to a key or an account has committed: this process forgets it at once, and
 * sibling API workers (node:cluster) as soon as the primary relays the message.
 */
export function forgetCachedKeys(what: KeyCacheForget): void {
  keyCache.forgetLocally(what);
  if (cluster.isWorker && process.send) process.send({ type: KEY_CACHE_MESSAGE, ...what });
}

if (cluster.isWorker) {
  process.on('message', (message: unknown) => {
    const msg = message as { type?: unknown; keyId?: unknown; accountId?: unknown } | null;
    if (msg?.type !== KEY_CACHE_MESSAGE) return;
    if (typeof msg.keyId === 'string') keyCache.forgetLocally({ keyId: msg.keyId });
    else if (typeof msg.accountId === 'string') keyCache.forgetLocally({ accountId: msg.accountId });
  });
}

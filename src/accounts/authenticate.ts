import { queryPrepared, type Db } from '../db/prisma.js';
import { ApiError } from '../contract/errors.js';
import { API_KEY_PATTERN, digestsEqual, hashApiKey, keyCache } from './api-keys.js';
import type { RobotsMode } from '../contract/vocabulary.js';
import { policyOfKey } from './key-policy.js';
import type { AuthState } from './caller.js';

interface KeyRow {
  id: string;
  accountId: string;
  keyHash: string;
  scopes: string[];
  allowDomains: string[];
  denyPatterns: string[];
  respectRobots: RobotsMode;
  expiresAt: Date | null;
  revokedAt: Date | null;
  resource: string | null;
  oauthGrantId: string | null;
  plan: string;
  active: boolean;
}

const FIND_KEY_SQL = `
    SELECT k.id, k.account_id AS "accountId", k.key_hash AS "keyHash", k.scopes, k.allow_domains AS "allowDomains",
           k.deny_patterns AS "denyPatterns", k.respect_robots::text AS "respectRobots", k.expires_at AS "expiresAt",
           k.revoked_at AS "revokedAt", k.resource, k.oauth_grant_id AS "oauthGrantId", a.plan::text AS plan, a.active
    FROM api_keys k JOIN accounts a ON a.id = k.account_id
    WHERE k.key_hash = $1`;

/**
 * Lookups in flight, by digest: concurrent requests with one key that miss the cache share one query —
 * one started before a revocation in this process (`epoch`) is not shared with requests after it.
 */
const lookups = new WeakMap<Db, Map<string, { epoch: number; row: Promise<KeyRow | undefined> }>>();

/**
 * The key and its account by digest: from this process's short-lived cache (see `KEY_CACHE_TTL_MS` in
 * src/accounts/api-keys.ts) or with one indexed query on the pg pool directly, as a prepared statement
 * (through Prisma's raw-query layer the same lookup costs several times more CPU). Only live keys of
 * live accounts that are not OAuth access tokens are cached; whatever comes from the cache is checked
 * exactly like a fresh row (digest in constant time, revocation, expiry against the clock, account).
 * Twenty submitters on one key all missed the cache each time it expired and queued twenty lookups on
 * the pool (`auth` up to 450 ms in POST /bulk's Server-Timing under `bench:bulk`): they share one now.
 */
function findKey(db: Db, digest: string): Promise<KeyRow | undefined> {
  const now = Date.now();
  const cached = keyCache.get<KeyRow>(db, digest, now);
  if (cached) return Promise.resolve(cached);
  let inFlight = lookups.get(db);
  if (!inFlight) lookups.set(db, (inFlight = new Map()));
  const shared = inFlight.get(digest);
  if (shared && shared.epoch === keyCache.epoch) return shared.row;
  const lookup = { epoch: keyCache.epoch, row: lookUpKey(db, digest, now) };
  inFlight.set(digest, lookup);
  void lookup.row.finally(() => {
    if (inFlight.get(digest) === lookup) inFlight.delete(digest);
  }).catch(() => undefined);
  return lookup.row;
}

async function lookUpKey(db: Db, digest: string, now: number): Promise<KeyRow | undefined> {
  const epoch = keyCache.epoch;
  const [row] = await queryPrepared<KeyRow>(db, 'pith-find-key', FIND_KEY_SQL, [digest]);
  const cacheable = row && row.active && !row.revokedAt && row.resource === null && row.oauthGrantId === null && (!row.expiresAt || row.expiresAt.getTime() > now);
  if (cacheable) {
    // One object serves many requests: frozen, so that no request can change what the next one sees.
    for (const list of [row.scopes, row.allowDomains, row.denyPatterns]) Object.freeze(list);
    keyCache.set(db, digest, Object.freeze(row), epoch);
  }
  return row;
}

/**
 * Checks a Bearer header and returns who is calling. Looks the key up by its SHA-256, then compares
 * digests in constant time; revoked and expired keys are unknown keys. An OAuth access token is an
 * ordinary scoped key (decisions, second round) bound to a resource (RFC 8707): it is accepted where
 * `tokenResource` names that resource — this deployment's (MCP_URL) on the REST API and the tool
 * server alike — and nowhere without one (the consent page, where only an account's own key approves).
 * Its scopes (never `keys`) and its one-hour expiry are checked like any key's.
 */
export async function authenticateBearer(db: Db, header: string, tokenResource?: string): Promise<AuthState> {
  if (!header) throw new ApiError('missing_api_key', 'Send your key as `Authorization: Bearer <API_KEY>`');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new ApiError('missing_api_key', 'The Authorization header must be `Bearer <API_KEY>`');
  const rawKey = match[1] ?? '';
  if (!API_KEY_PATTERN.test(rawKey)) throw new ApiError('invalid_api_key', 'The key is not of the form ce_ followed by 40 hex characters');
  const digest = hashApiKey(rawKey);
  const key = await findKey(db, digest);
  const now = Date.now();
  if (!key || !digestsEqual(key.keyHash, digest) || key.revokedAt || (key.expiresAt && key.expiresAt.getTime() <= now)) {
    throw new ApiError('invalid_api_key', 'Unknown, revoked or expired API key');
  }
  if (key.resource !== null && key.resource !== tokenResource) {
    throw new ApiError('invalid_api_key', `This key is an OAuth access token for ${key.resource} and is not accepted here`);
  }
  if (!key.active) throw new ApiError('account_inactive', 'This account is deactivated');
  return { accountId: key.accountId, keyId: key.id, scopes: key.scopes, plan: key.plan, policy: policyOfKey(key) };
}

import type { ApiKey } from '@prisma/client';
import type { Db } from '../db/prisma.js';
import { ApiError } from '../contract/errors.js';
import { forgetCachedKeys, generateApiKey, hashApiKey, newKeyId } from './api-keys.js';
import { intersectDomains, stricterRobots, type Policy } from './key-policy.js';
import { revokeGrant } from './oauth-grants.js';
import { ALL_SCOPES, type RobotsMode } from '../contract/vocabulary.js';


export interface CallingKey {
  accountId: string;
  keyId: string;
  scopes: string[];
  /** The calling key's policy, as authentication loaded it. */
  policy: Policy;
}

export interface MintRequest {
  name?: string | undefined;
  scopes: string[];
  allow_domains?: string[] | undefined;
  deny_patterns?: string[] | undefined;
  respect_robots?: RobotsMode | undefined;
  expires_at?: string | undefined;
}

export interface KeyView {
  id: string;
  name: string | null;
  scopes: string[];
  policy: { allow_domains: string[]; deny_patterns: string[]; respect_robots: RobotsMode };
  created_at: string;
  expires_at: string | null;
}

export function keyView(key: ApiKey): KeyView {
  return {
    id: key.id,
    name: key.name,
    scopes: key.scopes,
    policy: { allow_domains: key.allowDomains, deny_patterns: key.denyPatterns, respect_robots: key.respectRobots },
    created_at: key.createdAt.toISOString(),
    expires_at: key.expiresAt?.toISOString() ?? null,
  };
}

/** A key can only grant scopes its caller holds; `*` grants everything, and only `*` grants `*`. */
function assertGrantable(caller: string[], requested: string[]): void {
  if (caller.includes(ALL_SCOPES)) return;
  const missing = requested.filter((scope) => !caller.includes(scope));
  if (missing.length > 0) throw new ApiError('insufficient_scope', `scopes: this key cannot grant ${missing.join(', ')} (it holds ${caller.join(', ')})`);
}

/** POST /keys: a new key no looser than its caller, in scopes and in policy. The raw key is returned once. */
export async function mintKey(db: Db, caller: CallingKey, request: MintRequest): Promise<KeyView & { api_key: string }> {
  assertGrantable(caller.scopes, request.scopes);
  const parent = caller.policy;
  const requestedDomains = request.allow_domains?.length ? request.allow_domains.map((d) => d.trim().toLowerCase()) : null;
  const allowDomains = intersectDomains(parent.allowDomains, requestedDomains);
  if (allowDomains !== null && allowDomains.length === 0) {
    throw new ApiError('invalid_request', "allow_domains: none of these domains is within the calling key's allow_domains");
  }
  const expiresAt = request.expires_at ? new Date(request.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw new ApiError('invalid_request', 'expires_at: must be in the future');
  const apiKey = generateApiKey();
  const key = await db.apiKey.create({
    data: {
      id: newKeyId(),
      accountId: caller.accountId,
      name: request.name ?? null,
      keyHash: hashApiKey(apiKey),
      scopes: [...new Set(request.scopes)],
      allowDomains: allowDomains ?? [],
      denyPatterns: [...new Set([...parent.denyPatterns, ...(request.deny_patterns ?? [])])],
      respectRobots: stricterRobots(parent.respectRobots, request.respect_robots),
      expiresAt,
    },
  });
  return { ...keyView(key), api_key: apiKey };
}

/** GET /keys: the account's live keys, never their secrets. */
export async function listKeys(db: Db, accountId: string): Promise<{ data: KeyView[] }> {
  const keys = await db.apiKey.findMany({ where: { accountId, revokedAt: null }, orderBy: { createdAt: 'asc' } });
  return { data: keys.filter((k) => !k.expiresAt || k.expiresAt.getTime() > Date.now()).map(keyView) };
}

/**
 * POST /keys/rotate: a new key with the calling key's scopes, policy and expiry; the old key is revoked
 * in the same transaction, so it stops working as the response leaves (this process's key cache drops it
 * before answering). Cannot be undone.
 */
export async function rotateKey(db: Db, caller: CallingKey): Promise<{ id: string; api_key: string; rotated_from: string }> {
  const apiKey = generateApiKey();
  const id = newKeyId();
  await db.$transaction(async (tx) => {
    const old = await tx.apiKey.findUnique({ where: { id: caller.keyId } });
    if (!old || old.revokedAt) throw new ApiError('invalid_api_key', 'The calling key is no longer valid');
    await tx.apiKey.update({ where: { id: old.id }, data: { revokedAt: new Date() } });
    await tx.apiKey.create({
      data: {
        id,
        accountId: old.accountId,
        name: old.name,
        keyHash: hashApiKey(apiKey),
        scopes: old.scopes,
        allowDomains: old.allowDomains,
        denyPatterns: old.denyPatterns,
        respectRobots: old.respectRobots,
        expiresAt: old.expiresAt,
      },
    });
  });
  // Committed: the old key must not be served from this process's key cache either.
  forgetCachedKeys({ keyId: caller.keyId });
  return { id, api_key: apiKey, rotated_from: caller.keyId };
}

/**
 * DELETE /keys/{id}: revokes at once; 404 `key_not_found` unless the key belongs to this account. An
 * OAuth access token stands for its grant: revoking it disconnects the tool host (its refresh tokens too).
 */
export async function revokeKey(db: Db, accountId: string, keyId: string): Promise<{ id: string; revoked: true }> {
  const result = await db.apiKey.updateMany({ where: { id: keyId, accountId, revokedAt: null }, data: { revokedAt: new Date() } });
  forgetCachedKeys({ keyId }); // committed (or revoked before): not served from the key cache from now on
  const key = await db.apiKey.findFirst({ where: { id: keyId, accountId }, select: { oauthGrantId: true } });
  // Revoking a revoked key is a success (idempotent); only a key that is not this account's is a 404.
  if (result.count === 0 && !key) throw new ApiError('key_not_found', `No key ${keyId} on this account`);
  if (key?.oauthGrantId) await revokeGrant(db, key.oauthGrantId, 'revoked_by_account');
  return { id: keyId, revoked: true };
}

import type { Middleware } from 'koa';
import type { Db } from '../db/prisma.js';
import { ApiError } from '../errors.js';
import { API_KEY_PATTERN, digestsEqual, hashApiKey, hasScope, type Scope } from '../services/api-keys.js';
import type { PithState } from './state.js';
import { policyOfKey } from '../services/policy.js';

/**
 * Bearer authentication (the only auth of the API; no cookies). Looks the key up by its SHA-256,
 * then compares digests in constant time; revoked and expired keys are unknown keys.
 */
export function authenticate(db: Db): Middleware<PithState> {
  return async (ctx, next) => {
    const header = ctx.get('authorization');
    if (!header) throw new ApiError('missing_api_key', 'Send your key as `Authorization: Bearer <API_KEY>`');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw new ApiError('missing_api_key', 'The Authorization header must be `Bearer <API_KEY>`');
    const rawKey = match[1] ?? '';
    if (!API_KEY_PATTERN.test(rawKey)) throw new ApiError('invalid_api_key', 'The key is not of the form ce_ followed by 40 hex characters');
    const digest = hashApiKey(rawKey);
    const key = await db.apiKey.findUnique({ where: { keyHash: digest }, include: { account: true } });
    const now = Date.now();
    if (!key || !digestsEqual(key.keyHash, digest) || key.revokedAt || (key.expiresAt && key.expiresAt.getTime() <= now)) {
      throw new ApiError('invalid_api_key', 'Unknown, revoked or expired API key');
    }
    if (!key.account.active) throw new ApiError('account_inactive', 'This account is deactivated');
    ctx.state.auth = { accountId: key.accountId, keyId: key.id, scopes: key.scopes, plan: key.account.plan, policy: policyOfKey(key) };
    await next();
  };
}

/** 403 `insufficient_scope` unless the authenticated key holds `scope` or `*`. */
export function requireScope(scope: Scope): Middleware<PithState> {
  return async (ctx, next) => {
    const auth = ctx.state.auth;
    if (!auth) throw new Error('requireScope used before authenticate');
    if (!hasScope(auth.scopes, scope)) throw new ApiError('insufficient_scope', `This key lacks the \`${scope}\` scope`);
    await next();
  };
}

export function authOf(state: PithState) {
  if (!state.auth) throw new Error('route reached without authentication');
  return state.auth;
}

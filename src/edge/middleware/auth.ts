import type { Middleware } from 'koa';
import type { Db } from '../../db/prisma.js';
import { ApiError } from '../../contract/errors.js';
import { hasScope } from '../../accounts/api-keys.js';
import { authenticateBearer } from '../../accounts/authenticate.js';
import type { Scope } from '../../contract/vocabulary.js';
import type { PithState } from '../state.js';
import { addPhase } from '../../observability/phases.js';

/**
 * Bearer authentication (the only auth of the API; no cookies). `tokenResource`: the resource this
 * deployment's OAuth access tokens are bound to (MCP_URL), so that they work here as scoped keys.
 */
export function authenticate(db: Db, tokenResource: string): Middleware<PithState> {
  return async (ctx, next) => {
    const started = performance.now();
    ctx.state.auth = await authenticateBearer(db, ctx.get('authorization'), tokenResource);
    // Recorded once the key is accepted: a refusal's Server-Timing says nothing but its total.
    addPhase('auth', performance.now() - started);
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

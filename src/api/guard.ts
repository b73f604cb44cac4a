import type { Middleware, ParameterizedContext } from 'koa';
import type { AppDeps, PithState } from './state.js';
import { authenticate, authOf, requireScope } from './auth.js';
import { meter } from '../services/metering.js';
import type { Scope } from '../services/api-keys.js';

/**
 * The front of every authenticated route, in the order the architecture fixes:
 * Bearer key → per-second limit of the account → the route's scope. Validation, policy and metering
 * follow in the handler, so a refused request is never metered.
 */
export function protect(deps: AppDeps, scope?: Scope): Middleware<PithState>[] {
  const steps: Middleware<PithState>[] = [
    authenticate(deps.db),
    async (ctx, next) => {
      const auth = authOf(ctx.state);
      await deps.limits.consumeRequest(auth.accountId, auth.plan);
      await next();
    },
  ];
  if (scope) steps.push(requireScope(scope));
  return steps;
}

/** The route as the contract names it: `GET /bulk/{job_id}`. */
export function endpointOf(ctx: ParameterizedContext<PithState>): string {
  const pattern = (ctx as unknown as { _matchedRoute?: string })._matchedRoute ?? ctx.path;
  return `${ctx.method} ${pattern.replace(/:(\w+)/g, '{$1}')}`;
}

/**
 * Meters this call (`units` requests) once it has passed validation and policy; 429 when the month is
 * spent, unless `neverRefuse` (the call is counted all the same).
 */
export async function meterCall(deps: AppDeps, ctx: ParameterizedContext<PithState>, units = 1, neverRefuse = false): Promise<void> {
  const auth = authOf(ctx.state);
  await meter(deps.db, { accountId: auth.accountId, keyId: auth.keyId, plan: auth.plan, endpoint: endpointOf(ctx), units, neverRefuse });
}

/**
 * Middleware form of meterCall for routes with nothing to validate. Job reads pass `neverRefuse`: the
 * results of a job already paid for stay readable when the month runs out (e.g. a crawl that stopped
 * with `quota_exhausted`); the read still counts as a request.
 */
export function metered(deps: AppDeps, options: { neverRefuse?: boolean } = {}): Middleware<PithState> {
  return async (ctx, next) => {
    await meterCall(deps, ctx, 1, options.neverRefuse ?? false);
    await next();
  };
}

import type { Middleware, ParameterizedContext } from 'koa';
import type { AppDeps, PithState } from '../state.js';
import { authenticate, authOf, requireScope } from './auth.js';
import { meter } from '../../accounts/metering.js';
import type { Scope } from '../../contract/vocabulary.js';

/**
 * The front of every authenticated route, in the order the architecture fixes:
 * Bearer key → per-second limit of the account → the route's scope. Validation, policy and metering
 * follow in the handler, so a refused request is never metered.
 */
export function protect(deps: AppDeps, scope?: Scope): Middleware<PithState>[] {
  const steps: Middleware<PithState>[] = [
    // OAuth access tokens are scoped keys here too (decisions, second round); the scope check below applies.
    authenticate(deps.db, deps.cfg.MCP_URL),
    async (ctx, next) => {
      const auth = authOf(ctx.state);
      await deps.limits.consumeRequest(auth.accountId, auth.plan);
      await next();
    },
  ];
  if (scope) steps.push(requireScope(scope));
  return steps;
}

/** The matched route's pattern in OpenAPI form (`/bulk/{job_id}`), or undefined when no route matched. */
export function routePatternOf(ctx: ParameterizedContext<PithState>): string | undefined {
  return (ctx as unknown as { _matchedRoute?: string })._matchedRoute?.replace(/:(\w+)/g, '{$1}');
}

/** The route as the contract names it: `GET /bulk/{job_id}`. */
export function endpointOf(ctx: ParameterizedContext<PithState>): string {
  return `${ctx.method} ${routePatternOf(ctx) ?? ctx.path}`;
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

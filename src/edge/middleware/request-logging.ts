import type { Middleware } from 'koa';
import type { AppDeps, PithState } from '../state.js';
import { endpointOf } from './protect.js';
import { redactSecrets } from '../../observability/redact.js';

/**
 * Outermost middleware: records every request made with a valid key (success or error) for GET /logs,
 * after the response is settled; the write itself is batched off the request path.
 */
export function requestLogging(deps: AppDeps): Middleware<PithState> {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const auth = ctx.state.auth;
      if (auth) {
        deps.requestLog.record({
          accountId: auth.accountId,
          keyId: auth.keyId,
          method: ctx.method,
          endpoint: endpointOf(ctx),
          // A key or token pasted into a query string is not kept (secrets are never logged).
          url: redactSecrets(ctx.originalUrl).slice(0, 2048),
          status: ctx.status,
          latencyMs: Math.round(performance.now() - started),
          createdAt: new Date(),
        });
      }
    }
  };
}

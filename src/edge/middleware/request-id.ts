import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { PithState } from '../state.js';
import { withLogContext } from '../../observability/log-context.js';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What an incoming id may look like: short, and safe to echo into headers, logs and Temporal. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** The caller's id when it is sane, else a fresh UUID. */
export function requestIdOf(incoming: string | undefined): string {
  return incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Outermost middleware: gives the request its id, answers it in `X-Request-Id` (errors included), and
 * binds it to every log line written while the request (and work it starts) runs.
 */
export function requestId(): Middleware<PithState> {
  return async (ctx, next) => {
    const id = requestIdOf(ctx.get(REQUEST_ID_HEADER) || undefined);
    ctx.state.requestId = id;
    ctx.set(REQUEST_ID_HEADER, id);
    await withLogContext({ requestId: id }, next);
  };
}

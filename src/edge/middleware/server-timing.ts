import type { Middleware } from 'koa';
import type { PithState } from '../state.js';
import { serverTiming, withPhases } from '../../observability/phases.js';

/**
 * Answers every request with `Server-Timing`: the phases its work recorded (observability/phases.ts) and
 * its total inside the app, so a caller (or the soak) can see what a slow answer waited on. Phases name
 * only kinds of work, never data. Errors get the header too (the envelope is written inside).
 */
export function serverTimingHeader(): Middleware<PithState> {
  return async (ctx, next) => {
    const started = performance.now();
    const { phases } = await withPhases(() => next());
    ctx.set('Server-Timing', serverTiming(phases, performance.now() - started));
  };
}

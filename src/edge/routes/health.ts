import Router from '@koa/router';
import type { AppDeps, PithState } from '../state.js';
import { temporalHealthy } from '../../temporal/client.js';

type ComponentStatus = 'ok' | 'down' | 'unavailable';

async function databaseHealthy(deps: AppDeps): Promise<boolean> {
  try {
    await deps.db.$queryRaw`SELECT 1`;
    return true;
  } catch {
    return false;
  }
}

/** GET /health (public): 200 when the database and Temporal answer, 503 otherwise. */
export function healthRoutes(deps: AppDeps): Router<PithState> {
  const router = new Router<PithState>();
  router.get('/health', async (ctx) => {
    const [database, temporal] = await Promise.all([databaseHealthy(deps), temporalHealthy(deps.temporal)]);
    const components: Record<string, ComponentStatus> = {
      database: database ? 'ok' : 'down',
      temporal: temporal ? 'ok' : 'down',
      // JS rendering is optional: without Chromium only render_js is refused, so it never makes /health 503.
      browser: deps.renderer?.available() ? 'ok' : 'unavailable',
    };
    const ok = database && temporal;
    ctx.status = ok ? 200 : 503;
    ctx.body = { status: ok ? 'ok' : 'degraded', version: deps.cfg.VERSION, components };
  });
  return router;
}

import Koa from 'koa';
import { bodyParser } from '@koa/bodyparser';
import type { AppDeps, PithState } from './state.js';
import { errorEnvelopeMiddleware } from './middleware/error-envelope.js';
import { refuseHostileInput } from './middleware/body-guards.js';
import { securityHeaders, toolHostCors } from './middleware/security-headers.js';
import { healthRoutes } from './routes/health.js';
import { registerRoutes } from './routes/register.js';
import { bulkRoutes } from './routes/bulk.js';
import { crawlRoutes } from './routes/crawl.js';
import { jobReadRoutes } from './routes/job-reads.js';
import { jobEventRoutes } from './routes/job-events.js';
import { extractRoutes } from './routes/extract.js';
import { searchRoutes } from './routes/search.js';
import { mapRoutes } from './routes/map.js';
import { keyRoutes } from './routes/keys.js';
import { accountRoutes } from './routes/account.js';
import { pricingRoutes } from './routes/pricing.js';
import { requestLogging } from './middleware/request-logging.js';
import { docsRoutes } from './routes/docs.js';
import { consoleRoutes } from './routes/console.js';
import { webhookRoutes } from './routes/webhooks.js';
import { watchRoutes } from './routes/watches.js';
import { webhookDeliveryRoutes } from './routes/webhook-deliveries.js';
import { oauthRoutes } from './routes/oauth.js';
import { mcpRoutes } from './mcp/routes.js';
import { requestId } from './middleware/request-id.js';
import { serverTimingHeader } from './middleware/server-timing.js';
import { httpMetrics } from './middleware/http-metrics.js';
import { metricsRoutes } from './routes/metrics.js';
import { fileRoutes } from './routes/files.js';
import { log } from '../observability/logger.js';

/** Largest JSON body accepted (a 1000-URL bulk request fits with room to spare). */
const JSON_BODY_LIMIT = '1mb';

/** The Koa application; middleware order lives here and nowhere else. */
export function createApp(deps: AppDeps): Koa<PithState> {
  const app = new Koa<PithState>({ proxy: false });
  app.on('error', (err: Error, ctx?: Koa.Context) => {
    // A client that leaves a streamed answer (an event stream it stops reading) is no error of ours.
    if ((err as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    log().error({ path: ctx?.path, method: ctx?.method, err: err.stack ?? String(err) }, 'unhandled error');
  });

  app.use(requestId());
  app.use(httpMetrics());
  app.use(requestLogging(deps));
  app.use(serverTimingHeader());
  app.use(errorEnvelopeMiddleware(deps.cfg));
  app.use(securityHeaders());
  app.use(toolHostCors(deps.cfg));
  // The OAuth routes read their own bodies (forms, per RFC 6749), so they sit before the JSON-only parser.
  const oauth = oauthRoutes(deps);
  app.use(oauth.routes());
  app.use(oauth.allowedMethods());
  app.use(
    bodyParser({
      enableTypes: ['json'],
      jsonLimit: JSON_BODY_LIMIT,
      encoding: 'utf-8',
      // Anything but JSON on a body-carrying method is refused rather than silently ignored.
      onError: (err) => {
        throw Object.assign(err, { status: (err as { status?: number }).status ?? 400 });
      },
    }),
  );
  app.use(refuseHostileInput);
  app.use(async (ctx, next) => {
    // The OAuth paths take forms and are already answered above; what reaches here is a wrong method (405 below).
    if (ctx.path.startsWith('/oauth/')) return next();
    const hasBody = ctx.request.length > 0 || ctx.get('transfer-encoding') !== '';
    if (hasBody && ['POST', 'PUT', 'PATCH'].includes(ctx.method) && !ctx.request.is('application/json')) {
      ctx.throw(415, 'The request body must be JSON (Content-Type: application/json)');
    }
    await next();
  });

  const routers = [healthRoutes(deps), metricsRoutes(deps), pricingRoutes(deps), registerRoutes(deps), extractRoutes(deps), searchRoutes(deps), mapRoutes(deps), bulkRoutes(deps), crawlRoutes(deps), jobReadRoutes(deps), jobEventRoutes(deps), keyRoutes(deps), accountRoutes(deps), webhookRoutes(deps), webhookDeliveryRoutes(deps), watchRoutes(deps), docsRoutes(deps), consoleRoutes(deps), fileRoutes(deps), mcpRoutes(deps)];
  for (const router of routers) {
    app.use(router.routes());
    // Sets 405/501 with `Allow`; the error middleware turns that into the envelope.
    app.use(router.allowedMethods());
  }
  return app;
}

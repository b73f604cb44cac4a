import Router from '@koa/router';
import type { AppDeps, PithState } from '../state.js';
import { ApiError } from '../../contract/errors.js';
import { consoleBundle } from '../console/bundle.js';
import { renderConsoleShell } from '../console/shell-page.js';

const REVALIDATE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Scripts and styles only from this origin, no inline code of either kind; the API is called on this
 * origin (and BASE_URL's, behind a proxy name); images are the API's own screenshots.
 */
function consolePolicy(baseOrigin: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' ${baseOrigin} data:`,
    `connect-src 'self' ${baseOrigin}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** GET /console (the web console for key holders) and its assets: public pages; the API calls in them carry the key. */
export function consoleRoutes(deps: AppDeps): Router<PithState> {
  const router = new Router<PithState>();
  const baseUrl = new URL(deps.cfg.BASE_URL);
  const paths = { prefix: baseUrl.pathname.replace(/\/+$/, '') };
  let shell: string | undefined;

  router.get(['/console', '/console/'], async (ctx) => {
    shell ??= renderConsoleShell(paths, await consoleBundle());
    ctx.set('Cache-Control', REVALIDATE);
    ctx.set('Content-Security-Policy', consolePolicy(baseUrl.origin));
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = shell;
  });

  router.get('/console/assets/:name', async (ctx) => {
    const asset = (await consoleBundle()).assets.get(ctx.params.name ?? '');
    if (!asset) throw new ApiError('not_found', `No console asset ${ctx.path}`);
    ctx.set('Cache-Control', IMMUTABLE);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.vary('Accept-Encoding');
    ctx.type = asset.contentType;
    if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = asset.gzipped;
    } else {
      ctx.body = asset.body;
    }
  });

  return router;
}

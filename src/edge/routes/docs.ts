import Router from '@koa/router';
import type { AppDeps, PithState } from '../state.js';
import { ApiError } from '../../contract/errors.js';
import { buildOpenApiDocument } from '../openapi/document.js';
import { renderErrorsPage } from '../docs/errors-page.js';
import { renderReferencePage, START_SCRIPT } from '../docs/reference-page.js';
import { SWAGGER_UI_VERSION, swaggerAsset } from '../docs/swagger-assets.js';

/** Pages change with each deploy: revalidate every time. Versioned assets never change: cache for a year. */
const REVALIDATE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The reference page loads only from its own origin (scripts, styles, the document); the inline styles
 * are Swagger UI's own. connect-src also allows BASE_URL so "Try it out" works behind a proxy name.
 */
function referencePolicy(baseOrigin: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ${baseOrigin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
const ERRORS_PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** GET /openapi.json, GET /docs (+ its assets) and GET /docs/errors: public, generated at start-up. */
export function docsRoutes(deps: AppDeps): Router<PithState> {
  const router = new Router<PithState>();
  const baseUrl = new URL(deps.cfg.BASE_URL);
  const paths = { prefix: baseUrl.pathname.replace(/\/+$/, '') };
  const openApiJson = JSON.stringify(buildOpenApiDocument({ baseUrl: deps.cfg.BASE_URL, version: deps.cfg.VERSION }));
  const referenceHtml = renderReferencePage(paths);
  const errorsHtml = renderErrorsPage({ baseUrl: deps.cfg.BASE_URL });

  router.get('/openapi.json', (ctx) => {
    ctx.set('Cache-Control', REVALIDATE);
    // The document is public; tools on other origins (editors, client generators) may fetch it.
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = openApiJson;
  });

  router.get('/docs', (ctx) => {
    ctx.set('Cache-Control', REVALIDATE);
    ctx.set('Content-Security-Policy', referencePolicy(baseUrl.origin));
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = referenceHtml;
  });

  router.get('/docs/errors', (ctx) => {
    ctx.set('Cache-Control', REVALIDATE);
    ctx.set('Content-Security-Policy', ERRORS_PAGE_POLICY);
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = errorsHtml;
  });

  router.get('/docs/assets/pith-docs.js', (ctx) => {
    ctx.set('Cache-Control', REVALIDATE);
    ctx.type = 'text/javascript; charset=utf-8';
    ctx.body = START_SCRIPT;
  });

  router.get('/docs/assets/:version/:name', (ctx) => {
    const asset = ctx.params.version === SWAGGER_UI_VERSION ? swaggerAsset(ctx.params.name ?? '') : undefined;
    if (!asset) throw new ApiError('not_found', `No docs asset ${ctx.path}`);
    ctx.set('Cache-Control', IMMUTABLE);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = asset.contentType;
    ctx.body = asset.body;
  });

  return router;
}

import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import type { AppDeps, PithState } from '../state.js';
import { authenticateBearer } from '../../accounts/authenticate.js';
import { ApiError } from '../../contract/errors.js';
import { OAUTH_PATHS, authorizationServerMetadata, issuerOf } from '../../oauth/metadata.js';
import { registerClient } from '../../oauth/client-registration.js';
import { OAuthProtocolError } from '../../oauth/oauth-error.js';
import { checkAuthorizationRequest, type AuthorizationParams, type AuthorizationRequest } from '../../oauth/authorization-request.js';
import { CONSENT_PAGE_POLICY, renderAuthorizationErrorPage, renderConsentPage } from '../oauth-consent-page.js';
import { ConsentRefused, approveAuthorization, denyAuthorization, errorRedirect } from '../../oauth/consent.js';
import { createAuthorizationServer } from '../../oauth/authorization-server.js';
import { exchangeAtTokenEndpoint } from '../../oauth/token-endpoint.js';
import { parseForm, readBodyText } from '../../oauth/form-body.js';

type Ctx = ParameterizedContext<PithState>;

/** HTML of the authorization step: never cached, never framed. */
function sendPage(ctx: Ctx, status: number, html: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set({ 'Content-Security-Policy': CONSENT_PAGE_POLICY, 'X-Frame-Options': 'DENY', 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
  ctx.body = html;
}

function sendOAuthError(ctx: Ctx, error: OAuthProtocolError): void {
  ctx.status = error.status;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = error.body();
}

/**
 * The OAuth 2.1 authorization server for tool hosts (RFC 8414 metadata, RFC 7591 registration, the
 * authorization step with its consent page, the token endpoint). Its errors are OAuth's own JSON
 * (`{ error, error_description }`), which OAuth clients parse, not Pith's envelope. Mounted in front of
 * the JSON body parser: these routes read their own form and JSON bodies.
 */
export function oauthRoutes(deps: AppDeps): Router<PithState> {
  const router = new Router<PithState>();
  const server = createAuthorizationServer(deps.db, deps.cfg);
  const issuer = issuerOf(deps.cfg);
  const metadata = JSON.stringify(authorizationServerMetadata(deps.cfg));

  router.get(OAUTH_PATHS.metadata, (ctx) => {
    ctx.type = 'application/json';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = metadata;
  });

  router.post(OAUTH_PATHS.register, async (ctx) => {
    if (!ctx.request.is('application/json')) return sendOAuthError(ctx, new OAuthProtocolError('invalid_client_metadata', 'The registration request must be JSON (Content-Type: application/json)'));
    let body: unknown;
    try {
      body = JSON.parse(await readBodyText(ctx.req));
    } catch (err) {
      if ((err as { status?: number }).status === 413) throw err;
      return sendOAuthError(ctx, new OAuthProtocolError('invalid_client_metadata', 'The body is not valid JSON'));
    }
    try {
      ctx.status = 201;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await registerClient(deps.db, body);
    } catch (err) {
      if (err instanceof OAuthProtocolError) return sendOAuthError(ctx, err);
      throw err;
    }
  });

  /** Runs the request checks; answers the error itself (page or redirect) and returns null when they fail. */
  async function checkedRequest(ctx: Ctx, params: AuthorizationParams): Promise<AuthorizationRequest | null> {
    const check = await checkAuthorizationRequest(deps.db, deps.cfg.MCP_URL, params);
    if (check.ok) return check.request;
    if (check.redirectTo) ctx.redirect(errorRedirect(issuer, check.redirectTo, check.error));
    else sendPage(ctx, 400, renderAuthorizationErrorPage(check.error.message));
    return null;
  }

  router.get(OAUTH_PATHS.authorize, async (ctx) => {
    const request = await checkedRequest(ctx, ctx.query);
    if (request) sendPage(ctx, 200, renderConsentPage(request));
  });

  router.post(OAUTH_PATHS.authorize, async (ctx) => {
    if (!ctx.request.is('application/x-www-form-urlencoded')) throw new ApiError('unsupported_media_type', 'The consent form is application/x-www-form-urlencoded');
    const form = parseForm(await readBodyText(ctx.req));
    const request = await checkedRequest(ctx, form);
    if (!request) return;
    if (form.decision === 'deny') return ctx.redirect(denyAuthorization(issuer, request));
    if (form.decision !== 'approve') return sendPage(ctx, 400, renderConsentPage(request, 'Choose Approve or Deny.'));
    const apiKey = typeof form.api_key === 'string' ? form.api_key.trim() : '';
    if (!apiKey) return sendPage(ctx, 401, renderConsentPage(request, 'Enter your Pith API key to approve.'));
    try {
      const approver = await authenticateBearer(deps.db, `Bearer ${apiKey}`);
      ctx.redirect(await approveAuthorization(server, issuer, request, approver));
    } catch (err) {
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return sendPage(ctx, err.status, renderConsentPage(request, `${err.message}.`));
      if (err instanceof ConsentRefused) return sendPage(ctx, 403, renderConsentPage(request, err.message));
      throw err;
    }
  });

  router.post(OAUTH_PATHS.token, async (ctx) => {
    // The library reads the content type, length (whether there is a body) and Basic client credentials.
    const headers = Object.fromEntries(['content-type', 'content-length', 'transfer-encoding', 'authorization'].map((name) => [name, ctx.get(name)]).filter(([, value]) => value));
    const form = ctx.request.is('application/x-www-form-urlencoded') ? parseForm(await readBodyText(ctx.req)) : {};
    const answer = await exchangeAtTokenEndpoint(server, deps.cfg.MCP_URL, headers, form);
    if (answer.failure) ctx.app.emit('error', answer.failure, ctx);
    ctx.status = answer.status;
    ctx.set(answer.headers);
    ctx.body = answer.body;
  });

  return router;
}

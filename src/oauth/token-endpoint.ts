import OAuth2Server from '@node-oauth/oauth2-server';
import { OAuthProtocolError } from './oauth-error.js';
import { resourceProblem } from './authorization-request.js';

export interface TokenAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** An unexpected failure, to be logged; the body says only `server_error`. */
  failure?: unknown;
}

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

function errorAnswer(error: OAuthProtocolError): TokenAnswer {
  return { status: error.status, headers: NO_STORE, body: error.body() };
}

/**
 * POST /oauth/token: `authorization_code` (with the PKCE verifier) and `refresh_token`, run by the
 * library over Pith's model. Pith adds what the library does not know: parameters may not repeat
 * (RFC 6749 §3.2) and a `resource` must name the MCP server (RFC 8707 §2, `invalid_target`).
 */
export async function exchangeAtTokenEndpoint(server: OAuth2Server, mcpUrl: string, headers: Record<string, string>, form: Record<string, string | string[]>): Promise<TokenAnswer> {
  const repeated = Object.entries(form).find(([name, value]) => Array.isArray(value) && name !== 'resource');
  if (repeated) return errorAnswer(new OAuthProtocolError('invalid_request', `${repeated[0]}: sent more than once`));
  const resource = resourceProblem(form.resource, mcpUrl);
  if (resource) return errorAnswer(new OAuthProtocolError('invalid_target', resource));

  const body = Object.fromEntries(Object.entries(form).filter(([name]) => name !== 'resource'));
  const request = new OAuth2Server.Request({ method: 'POST', headers, query: {}, body });
  const response = new OAuth2Server.Response({ headers: {} });
  try {
    await server.token(request, response);
  } catch (err) {
    if (!(err instanceof OAuth2Server.OAuthError)) throw err;
    if (err.name === 'server_error') {
      return { status: 500, headers: NO_STORE, body: { error: 'server_error', error_description: 'An unexpected error occurred; it was logged.' }, failure: (err as { inner?: unknown }).inner ?? err };
    }
    // Some checks (method, content type) throw before the library fills the response: answer from the error.
    return { status: err.code, headers: { ...(response.headers ?? {}), ...NO_STORE }, body: { error: err.name, error_description: err.message } };
  }
  return { status: response.status ?? 200, headers: { ...(response.headers ?? {}), ...NO_STORE }, body: response.body };
}

import type { Db } from '../db/prisma.js';
import { parseScopeParameter, type OAuthScope } from './scopes.js';
import { OAuthProtocolError } from './oauth-error.js';

/** RFC 7636 §4.2: S256 of a 43–128 character verifier is 43 base64url characters. */
const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** Parameters of an authorization request, from the query (GET) or the consent form (POST). */
export type AuthorizationParams = Record<string, string | string[] | undefined>;

export interface AuthorizationClient {
  id: string;
  name: string;
  redirectUris: string[];
  grantTypes: string[];
}

export interface AuthorizationRequest {
  client: AuthorizationClient;
  redirectUri: string;
  state: string | undefined;
  scopes: OAuthScope[];
  codeChallenge: string;
  resource: string;
}

/**
 * The outcome of checking a request: valid; an error that goes back to the client's redirect URI
 * (RFC 6749 §4.1.2.1); or — when the client or its redirect URI cannot be trusted — an error shown to
 * the user and never redirected.
 */
export type AuthorizationCheck =
  | { ok: true; request: AuthorizationRequest }
  | { ok: false; redirectTo: { redirectUri: string; state: string | undefined }; error: OAuthProtocolError }
  | { ok: false; redirectTo: null; error: OAuthProtocolError };

/** A parameter sent at most once (RFC 6749 §3.1: repeated parameters are an error); `resource` may repeat. */
function single(params: AuthorizationParams, name: string): string | undefined | null {
  const value = params[name];
  if (Array.isArray(value)) return value.length === 1 ? value[0] : null;
  return value;
}

/** Issued client ids are `pith_client_<uuid>`; anything else is unknown without asking the database (which refuses NUL bytes). */
const CLIENT_ID = /^pith_client_[0-9a-f-]{36}$/;

export async function findClient(db: Db, clientId: string): Promise<AuthorizationClient | null> {
  if (!CLIENT_ID.test(clientId)) return null;
  const client = await db.oAuthClient.findUnique({ where: { id: clientId } });
  if (!client) return null;
  const metadata = client.metadata as { grant_types?: string[] };
  return { id: client.id, name: client.name, redirectUris: client.redirectUris, grantTypes: metadata.grant_types ?? ['authorization_code', 'refresh_token'] };
}

/**
 * The resource indicators (RFC 8707) must all name this deployment's MCP server; none means the MCP
 * server too, the only protected resource there is. A trailing slash is not a different resource.
 */
export function resourceProblem(values: string | string[] | undefined, mcpUrl: string): string | null {
  const list = values === undefined ? [] : Array.isArray(values) ? values : [values];
  const stranger = list.find((value) => value.replace(/\/+$/, '') !== mcpUrl);
  return stranger === undefined ? null : `resource: ${stranger} is not a resource of this server; tokens are issued for ${mcpUrl} only`;
}

/** Checks an authorization request (OAuth 2.1 §4.1.1 with PKCE S256 required, RFC 8707 resource). */
export async function checkAuthorizationRequest(db: Db, mcpUrl: string, params: AuthorizationParams): Promise<AuthorizationCheck> {
  const fatal = (description: string): AuthorizationCheck => ({ ok: false, redirectTo: null, error: new OAuthProtocolError('invalid_request', description) });
  const clientId = single(params, 'client_id');
  if (!clientId) return fatal('client_id: missing or repeated');
  const client = await findClient(db, clientId);
  if (!client) return fatal('client_id: unknown client; register it first (POST /oauth/register)');
  const redirectUri = single(params, 'redirect_uri');
  if (!redirectUri) return fatal('redirect_uri: missing or repeated');
  if (!client.redirectUris.includes(redirectUri)) return fatal('redirect_uri: not one of the URIs this client registered');

  const state = single(params, 'state');
  const back = (code: ConstructorParameters<typeof OAuthProtocolError>[0], description: string): AuthorizationCheck => ({
    ok: false,
    redirectTo: { redirectUri, state: state ?? undefined },
    error: new OAuthProtocolError(code, description),
  });
  if (state === null) return back('invalid_request', 'state: repeated');
  const responseType = single(params, 'response_type');
  if (responseType !== 'code') return back('unsupported_response_type', 'response_type: must be code');
  if (!client.grantTypes.includes('authorization_code')) return back('unauthorized_client', 'this client did not register the authorization_code grant');
  const codeChallenge = single(params, 'code_challenge');
  const method = single(params, 'code_challenge_method');
  if (!codeChallenge) return back('invalid_request', 'code_challenge: PKCE is required');
  if (method !== 'S256') return back('invalid_request', 'code_challenge_method: must be S256');
  if (!CODE_CHALLENGE.test(codeChallenge)) return back('invalid_request', 'code_challenge: must be the base64url SHA-256 of the verifier (43 characters)');
  const scope = single(params, 'scope');
  if (scope === null) return back('invalid_request', 'scope: repeated');
  const scopes = parseScopeParameter(scope);
  if ('refused' in scopes) return back('invalid_scope', `scope: ${scopes.refused.join(', ')} cannot be granted to a tool host (extract, bulk and crawl can)`);
  const resource = resourceProblem(params.resource, mcpUrl);
  if (resource) return back('invalid_target', resource);
  return { ok: true, request: { client, redirectUri, state, scopes: scopes.scopes, codeChallenge, resource: mcpUrl } };
}

/** The client's redirect URI with the response parameters (RFC 6749 §4.1.2) and the issuer (RFC 9207). */
export function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

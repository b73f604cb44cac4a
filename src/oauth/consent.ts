import OAuth2Server from '@node-oauth/oauth2-server';
import { hasScope } from '../accounts/api-keys.js';
import type { Policy } from '../accounts/key-policy.js';
import { redirectWith, type AuthorizationRequest } from './authorization-request.js';
import type { ConsentingUser } from './model.js';

/** The key the account holder typed on the consent page, as Bearer authentication loaded it. */
export interface ApprovingKey {
  accountId: string;
  keyId: string;
  scopes: string[];
  policy: Policy;
}

/** The account holder's key cannot approve this request; the page says why and asks again. */
export class ConsentRefused extends Error {
  override name = 'ConsentRefused';
}

/**
 * Approval: only a key that may manage the account (`keys` or `*`) approves, and it grants only scopes
 * it holds itself (a key can only grant what it holds). The library then issues and stores the code and
 * builds the redirect; the issuer is added to it (RFC 9207).
 */
export async function approveAuthorization(server: OAuth2Server, issuer: string, request: AuthorizationRequest, approver: ApprovingKey): Promise<string> {
  if (!hasScope(approver.scopes, 'keys')) throw new ConsentRefused('This key cannot approve access: it needs the keys scope (or *). Use the key you manage the account with.');
  const missing = request.scopes.filter((scope) => !hasScope(approver.scopes, scope));
  if (missing.length > 0) throw new ConsentRefused(`This key does not hold ${missing.join(', ')}, so it cannot grant it.`);

  const user: ConsentingUser = { accountId: approver.accountId, approverKeyId: approver.keyId, scopes: request.scopes, resource: request.resource, policy: approver.policy };
  const libraryRequest = new OAuth2Server.Request({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    query: {},
    body: {
      client_id: request.client.id,
      redirect_uri: request.redirectUri,
      response_type: 'code',
      scope: request.scopes.join(' '),
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256',
      ...(request.state !== undefined ? { state: request.state } : {}),
    },
  });
  const response = new OAuth2Server.Response({ headers: {} });
  await server.authorize(libraryRequest, response, { authenticateHandler: { handle: () => user } });
  const location = response.get('location') as string | undefined;
  if (!location) throw new Error('the authorization server produced no redirect');
  return redirectWith(location, { iss: issuer });
}

/** Denial: back to the client with `access_denied` (RFC 6749 §4.1.2.1). */
export function denyAuthorization(issuer: string, request: AuthorizationRequest): string {
  return redirectWith(request.redirectUri, { error: 'access_denied', error_description: 'The account holder denied access', state: request.state, iss: issuer });
}

/** An invalid request that may go back to its client: the error and the issuer on its redirect URI. */
export function errorRedirect(issuer: string, target: { redirectUri: string; state: string | undefined }, error: { error: string; message: string }): string {
  return redirectWith(target.redirectUri, { error: error.error, error_description: error.message, state: target.state, iss: issuer });
}

import { z } from 'zod';
import type { RouteDoc } from './route-doc.js';
import { OAUTH_SCOPES } from '../../oauth/scopes.js';
import { OAUTH_PATHS } from '../../oauth/metadata.js';
import type { OAuthErrorCode } from '../../oauth/oauth-error.js';
import { rawApiKey } from './account-shapes.js';

/**
 * The authorization server for tool hosts (OAuth 2.1). Its errors are OAuth's own JSON,
 * `{ error, error_description }` (RFC 6749 §5.2, RFC 7591 §3.2.2), not the envelope: OAuth clients parse
 * that. Errors of the authorization step go back to the client's redirect URI, or are shown on an HTML
 * page when the client or its redirect URI cannot be trusted.
 */

const scope = z.string().meta({ description: `Space-separated, from ${OAUTH_SCOPES.map((s) => `\`${s}\``).join(', ')} (default: all three). \`keys\` is never granted.`, example: 'extract bulk crawl' });
const resource = z.url().meta({ description: 'RFC 8707 resource indicator: must be the MCP server URL (MCP_URL); `invalid_target` otherwise. Optional: the MCP server is the only resource.' });

export const OAuthErrorSchema = z
  .object({
    error: z.string().meta({ description: 'OAuth error code, e.g. `invalid_grant`, `invalid_scope`, `invalid_target`, `invalid_redirect_uri`.' }),
    error_description: z.string().meta({ description: 'Human-readable text naming the problem.' }),
  })
  .meta({ id: 'OAuthError', description: 'The error body of the OAuth endpoints (RFC 6749 §5.2).' });

const AuthorizationServerMetadataSchema = z
  .object({
    issuer: z.url(),
    authorization_endpoint: z.url(),
    token_endpoint: z.url(),
    registration_endpoint: z.url(),
    scopes_supported: z.array(z.enum(OAUTH_SCOPES)),
    response_types_supported: z.array(z.literal('code')),
    response_modes_supported: z.array(z.literal('query')),
    grant_types_supported: z.array(z.enum(['authorization_code', 'refresh_token'])),
    token_endpoint_auth_methods_supported: z.array(z.literal('none')),
    code_challenge_methods_supported: z.array(z.literal('S256')),
    authorization_response_iss_parameter_supported: z.boolean(),
    service_documentation: z.url(),
  })
  .meta({ id: 'AuthorizationServerMetadata', description: 'RFC 8414 metadata. The issuer is the API base URL.' });

const ClientRegistrationRequest = z
  .looseObject({
    redirect_uris: z.array(z.string()).min(1).max(10).meta({ description: '`https`, `http` on a loopback host, or a native app scheme; matched exactly at `/oauth/authorize`.' }),
    client_name: z.string().max(200).optional().meta({ description: 'Shown to the account holder on the consent page.' }),
    grant_types: z.array(z.enum(['authorization_code', 'refresh_token'])).optional(),
    response_types: z.array(z.literal('code')).optional(),
    token_endpoint_auth_method: z.string().optional().meta({ description: 'Always answered as `none`: every client is public and proves possession with PKCE.' }),
    scope: z.string().optional(),
  })
  .meta({ id: 'ClientRegistrationRequest', description: 'RFC 7591 client metadata; other fields are accepted and ignored.' });

const RegisteredClientSchema = z
  .object({
    client_id: z.string().meta({ example: 'pith_client_2f0c8f1e-55a4-4b7e-9d0a-1c2b3d4e5f60' }),
    client_id_issued_at: z.int(),
    client_name: z.string(),
    redirect_uris: z.array(z.string()),
    grant_types: z.array(z.string()),
    response_types: z.array(z.string()),
    token_endpoint_auth_method: z.literal('none'),
    client_uri: z.string().optional(),
    scope: z.string().optional(),
  })
  .meta({ id: 'RegisteredClient', description: 'The registered client (RFC 7591 §3.2.1). No secret is issued.' });

const authorizationParameters = {
  client_id: z.string(),
  redirect_uri: z.string().meta({ description: 'One of the registered redirect URIs, exactly.' }),
  response_type: z.literal('code'),
  code_challenge: z.string().meta({ description: 'PKCE (required): base64url SHA-256 of the code verifier.' }),
  code_challenge_method: z.literal('S256'),
  state: z.string().optional(),
  scope: scope.optional(),
  resource: resource.optional(),
};

const AuthorizeQuery = z.object(authorizationParameters);

const ConsentForm = z
  .object({
    ...authorizationParameters,
    api_key: rawApiKey.meta({ description: 'A key of the account holding `keys` or `*`: proves the account holder approves. It grants only scopes it holds itself.' }),
    decision: z.enum(['approve', 'deny']),
  })
  .meta({ id: 'ConsentForm' });

const TokenRequest = z
  .object({
    grant_type: z.enum(['authorization_code', 'refresh_token']),
    client_id: z.string(),
    code: z.string().optional().meta({ description: '`authorization_code`: the code from the redirect; single-use, valid 60 seconds.' }),
    code_verifier: z.string().optional().meta({ description: '`authorization_code`: the PKCE verifier.' }),
    redirect_uri: z.string().optional().meta({ description: '`authorization_code`: the redirect URI of the authorization request.' }),
    refresh_token: z.string().optional().meta({ description: '`refresh_token`: single-use; presenting a used one revokes the whole grant.' }),
    scope: scope.optional().meta({ description: '`refresh_token`: a narrower set than granted, if wanted.' }),
    resource: resource.optional(),
  })
  .meta({ id: 'TokenRequest' });

const TokenResponseSchema = z
  .object({
    access_token: rawApiKey.meta({ description: 'A Pith key (`ce_` + 40 hex) with the granted scopes: an ordinary scoped key at the MCP server and on this API.' }),
    token_type: z.literal('Bearer'),
    expires_in: z.int().meta({ description: 'Seconds: 3600 (one hour).', example: 3600 }),
    refresh_token: z.string().meta({ description: 'Rotated on every use.', example: 'rt_q3Jm9w0f1yO8Xk2b5n7s4t6v8x0z1c3e5g7i9k1m3o5' }),
    scope: z.string().meta({ example: 'extract bulk crawl' }),
  })
  .meta({ id: 'TokenResponse' });

const html = (description: string) => ({ status: 200, description, schema: z.string(), contentType: 'text/html' });
const errorPage = { status: 400, description: 'Unknown client or unregistered redirect URI: an HTML page explains; nothing is redirected.', schema: z.string(), contentType: 'text/html' };
const authorizeErrors: OAuthErrorCode[] = ['invalid_request', 'unsupported_response_type', 'invalid_scope', 'invalid_target', 'unauthorized_client'];

export const OAUTH_ROUTES: readonly RouteDoc[] = [
  {
    method: 'get', path: OAUTH_PATHS.metadata, tag: 'OAuth', auth: 'public', implemented: true,
    summary: 'Authorization server metadata',
    description: 'RFC 8414 metadata of the authorization server that issues tool-server tokens. MCP hosts find it through the protected-resource metadata of the MCP server.',
    success: { status: 200, description: 'The metadata.', schema: AuthorizationServerMetadataSchema },
  },
  {
    method: 'post', path: OAUTH_PATHS.register, tag: 'OAuth', auth: 'public', implemented: true,
    summary: 'Register a client',
    description: 'RFC 7591 dynamic client registration, open as MCP hosts expect. Every client is public (no secret).',
    body: ClientRegistrationRequest,
    success: { status: 201, description: 'The registered client.', schema: RegisteredClientSchema },
    oauthErrors: ['invalid_redirect_uri', 'invalid_client_metadata'],
  },
  {
    method: 'get', path: OAUTH_PATHS.authorize, tag: 'OAuth', auth: 'public', implemented: true,
    summary: 'Authorization request (consent page)',
    description: 'Shows the consent page: the client name, the scopes asked for and where the user returns to. PKCE with `S256` is required.',
    query: AuthorizeQuery,
    success: html('The consent page.'),
    alsoReturns: [errorPage],
    redirect: `An invalid request goes back to the client's redirect URI with \`error\` (${authorizeErrors.map((e) => `\`${e}\``).join(', ')}), \`state\` and \`iss\`.`,
    oauthErrors: [],
  },
  {
    method: 'post', path: OAUTH_PATHS.authorize, tag: 'OAuth', auth: 'public', implemented: true,
    summary: 'Approve or deny (consent form)',
    description: 'The consent form. The account holder proves ownership with a key holding `keys` or `*`; the grant carries that key\'s domain and robots policy. Approving redirects back with `code`, `state` and `iss`; denying with `error=access_denied`.',
    body: ConsentForm,
    bodyContentType: 'application/x-www-form-urlencoded',
    success: html('The consent page again, with the reason the key cannot approve (status 401 or 403).'),
    alsoReturns: [errorPage],
    redirect: 'Back to the client: `code` on approval, `error=access_denied` on denial, or an OAuth error; always with `state` and `iss`.',
    oauthErrors: [],
  },
  {
    method: 'post', path: OAUTH_PATHS.token, tag: 'OAuth', auth: 'public', implemented: true,
    summary: 'Token endpoint',
    description: 'Exchanges a code (with its PKCE verifier) or a refresh token. The access token is an ordinary Pith key with the granted scopes (never `keys`), valid one hour, bound to the MCP server as its resource (RFC 8707) and accepted there and on this API. Refresh tokens rotate on every use; reusing a rotated one, or a code, revokes the whole grant.',
    body: TokenRequest,
    bodyContentType: 'application/x-www-form-urlencoded',
    success: { status: 200, description: 'The tokens (`Cache-Control: no-store`).', schema: TokenResponseSchema },
    oauthErrors: ['invalid_request', 'invalid_client', 'invalid_grant', 'invalid_scope', 'invalid_target', 'unauthorized_client', 'unsupported_grant_type'],
  },
];

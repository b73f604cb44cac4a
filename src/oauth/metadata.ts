import type { Config } from '../config/config.js';
import { OAUTH_SCOPES } from './scopes.js';

/** Paths of the authorization server, relative to BASE_URL. */
export const OAUTH_PATHS = {
  metadata: '/.well-known/oauth-authorization-server',
  register: '/oauth/register',
  authorize: '/oauth/authorize',
  token: '/oauth/token',
} as const;

/** The issuer is the API itself (BASE_URL): the protected-resource metadata of the MCP server names it. */
export const issuerOf = (cfg: Pick<Config, 'BASE_URL'>) => cfg.BASE_URL;

/** RFC 8414 authorization server metadata. */
export function authorizationServerMetadata(cfg: Pick<Config, 'BASE_URL'>) {
  const base = cfg.BASE_URL;
  return {
    issuer: issuerOf(cfg),
    authorization_endpoint: `${base}${OAUTH_PATHS.authorize}`,
    token_endpoint: `${base}${OAUTH_PATHS.token}`,
    registration_endpoint: `${base}${OAUTH_PATHS.register}`,
    scopes_supported: [...OAUTH_SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    // Public clients only: possession is proven with PKCE, never with a client secret.
    token_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    // RFC 9207: the authorization response names its issuer (mix-up defence).
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${base}/docs`,
  };
}

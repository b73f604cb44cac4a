import OAuth2Server from '@node-oauth/oauth2-server';
import type { Config } from '../config/config.js';
import type { Db } from '../db/prisma.js';
import { createOAuthModel } from './model.js';

/** Codes are exchanged by the host right after the redirect; a minute is plenty (RFC 6749 §4.1.2: at most 10). */
export const AUTHORIZATION_CODE_LIFETIME_SECONDS = 60;

/** The protocol engine: public clients, PKCE, refresh tokens rotated on every use. */
export function createAuthorizationServer(db: Db, cfg: Pick<Config, 'OAUTH_ACCESS_TOKEN_TTL_SECONDS' | 'OAUTH_REFRESH_TOKEN_TTL_SECONDS'>): OAuth2Server {
  return new OAuth2Server({
    model: createOAuthModel(db),
    accessTokenLifetime: cfg.OAUTH_ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenLifetime: cfg.OAUTH_REFRESH_TOKEN_TTL_SECONDS,
    authorizationCodeLifetime: AUTHORIZATION_CODE_LIFETIME_SECONDS,
    allowEmptyState: true,
    requireClientAuthentication: { authorization_code: false, refresh_token: false },
    alwaysIssueNewRefreshToken: true,
  });
}

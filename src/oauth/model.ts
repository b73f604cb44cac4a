import { randomUUID } from 'node:crypto';
import OAuth2Server from '@node-oauth/oauth2-server';
import type { Db } from '../db/prisma.js';
import { generateApiKey, hashApiKey, newKeyId } from '../accounts/api-keys.js';
import type { Policy } from '../accounts/key-policy.js';
import { revokeGrant } from '../accounts/oauth-grants.js';
import { generateAuthorizationCode, generateRefreshToken, secretDigest } from './secrets.js';
import { findClient } from './authorization-request.js';
import type { OAuthScope } from './scopes.js';

/**
 * The storage model of @node-oauth/oauth2-server, which runs the protocol (code exchange, PKCE
 * verification, refresh, lifetimes). Pith's own rules live here: the access token IS a Pith key
 * (`ce_` + 40 hex, an api_keys row with the granted scopes, the approving key's policy, a one-hour expiry
 * and the resource it is bound to); codes and refresh tokens are stored hashed; a refresh token is
 * single-use and presenting a used one, like reusing a code, revokes the whole grant.
 */

/** Who approved on the consent page, and what: the `user` of the authorization step. */
export interface ConsentingUser {
  accountId: string;
  approverKeyId: string;
  scopes: OAuthScope[];
  resource: string;
  policy: Policy;
}

/** The `user` of the token steps: the grant the code or refresh token belongs to. */
export interface GrantUser {
  grantId: string;
}

type Model = OAuth2Server.AuthorizationCodeModel & OAuth2Server.RefreshTokenModel;

const isGrantUser = (user: OAuth2Server.User): user is GrantUser => typeof user.grantId === 'string';

export function createOAuthModel(db: Db): Model {
  return {
    async getClient(clientId, clientSecret) {
      // Every client is public: none was ever given a secret, so one that presents a secret is not ours.
      if (clientSecret) return null;
      const client = await findClient(db, clientId);
      return client ? { id: client.id, name: client.name, redirectUris: client.redirectUris, grants: client.grantTypes } : null;
    },

    async validateScope(user, _client, scope) {
      if (isGrantUser(user)) return scope ?? [];
      const approved = (user as ConsentingUser).scopes as string[];
      const requested = scope?.length ? scope : approved;
      return requested.every((s) => approved.includes(s)) ? requested : false;
    },

    generateAuthorizationCode: async () => generateAuthorizationCode(),

    async saveAuthorizationCode(code, client, user) {
      const consent = user as ConsentingUser;
      const grantId = randomUUID();
      await db.$transaction([
        db.oAuthGrant.create({
          data: {
            id: grantId,
            clientId: client.id,
            accountId: consent.accountId,
            approvedByKeyId: consent.approverKeyId,
            scopes: code.scope ?? consent.scopes,
            resource: consent.resource,
            allowDomains: consent.policy.allowDomains ?? [],
            denyPatterns: consent.policy.denyPatterns,
            respectRobots: consent.policy.respectRobots,
          },
        }),
        db.oAuthCode.create({
          data: {
            codeHash: secretDigest(code.authorizationCode),
            grantId,
            redirectUri: code.redirectUri,
            codeChallenge: code.codeChallenge ?? '',
            codeChallengeMethod: code.codeChallengeMethod ?? 'S256',
            expiresAt: code.expiresAt,
          },
        }),
      ]);
      return { ...code, client, user: { grantId } satisfies GrantUser };
    },

    async getAuthorizationCode(authorizationCode) {
      const row = await db.oAuthCode.findUnique({ where: { codeHash: secretDigest(authorizationCode) }, include: { grant: true } });
      if (!row) return null;
      if (row.usedAt) {
        // RFC 6749 §4.1.2: a code used twice revokes what was issued from it.
        await revokeGrant(db, row.grantId, 'code_reuse');
        return null;
      }
      if (row.grant.revokedAt) return null;
      return {
        authorizationCode,
        expiresAt: row.expiresAt,
        redirectUri: row.redirectUri,
        scope: row.grant.scopes,
        client: { id: row.grant.clientId, grants: [] },
        user: { grantId: row.grantId } satisfies GrantUser,
        codeChallenge: row.codeChallenge,
        codeChallengeMethod: row.codeChallengeMethod,
      };
    },

    async revokeAuthorizationCode(code) {
      const digest = secretDigest(code.authorizationCode);
      const { count } = await db.oAuthCode.updateMany({ where: { codeHash: digest, usedAt: null }, data: { usedAt: new Date() } });
      // Lost a race with a concurrent exchange of the same code: that is reuse too.
      if (count === 0) await revokeGrant(db, (code.user as GrantUser).grantId, 'code_reuse');
      return count === 1;
    },

    generateAccessToken: async () => generateApiKey(),
    generateRefreshToken: async () => generateRefreshToken(),

    async saveToken(token, client, user) {
      const { grantId } = user as GrantUser;
      if (!token.refreshToken || !token.refreshTokenExpiresAt) throw new Error('a refresh token is issued with every access token');
      const { refreshToken, refreshTokenExpiresAt } = token;
      await db.$transaction(async (tx) => {
        const grant = await tx.oAuthGrant.findUnique({ where: { id: grantId }, include: { client: true } });
        // Revoked meanwhile (reuse detected by a concurrent request): issue nothing.
        if (!grant || grant.revokedAt) throw new OAuth2Server.InvalidGrantError('Invalid grant: the grant was revoked');
        const scopes = token.scope ?? grant.scopes;
        await tx.apiKey.create({
          data: {
            id: newKeyId(),
            accountId: grant.accountId,
            name: `OAuth: ${grant.client.name}`.slice(0, 200),
            keyHash: hashApiKey(token.accessToken),
            scopes,
            allowDomains: grant.allowDomains,
            denyPatterns: grant.denyPatterns,
            respectRobots: grant.respectRobots,
            expiresAt: token.accessTokenExpiresAt ?? null,
            resource: grant.resource,
            oauthGrantId: grant.id,
          },
        });
        await tx.oAuthRefreshToken.create({ data: { tokenHash: secretDigest(refreshToken), grantId, scopes, expiresAt: refreshTokenExpiresAt } });
      });
      return { ...token, client, user };
    },

    async getRefreshToken(refreshToken) {
      const row = await db.oAuthRefreshToken.findUnique({ where: { tokenHash: secretDigest(refreshToken) }, include: { grant: true } });
      if (!row || row.grant.revokedAt) return null;
      if (row.usedAt) {
        // A rotated token presented again: one of the two holders is not the client. Revoke everything.
        await revokeGrant(db, row.grantId, 'refresh_token_reuse');
        return null;
      }
      return {
        refreshToken,
        refreshTokenExpiresAt: row.expiresAt,
        scope: row.scopes,
        client: { id: row.grant.clientId, grants: [] },
        user: { grantId: row.grantId } satisfies GrantUser,
      };
    },

    async revokeToken(token) {
      const { grantId } = token.user as GrantUser;
      const { count } = await db.oAuthRefreshToken.updateMany({ where: { tokenHash: secretDigest(token.refreshToken), usedAt: null }, data: { usedAt: new Date() } });
      // Two refreshes with the same token at once: the loser is a reuse.
      if (count === 0) await revokeGrant(db, grantId, 'refresh_token_reuse');
      return count === 1;
    },

    // Access tokens are Pith keys, checked by the API's own Bearer authentication; the library's
    // authenticate() is never called.
    getAccessToken: async () => null,
  };
}


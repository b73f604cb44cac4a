import type { Db } from '../db/prisma.js';

/** Why a grant was revoked; kept on the row for the account holder and for audits. */
export type GrantRevocationReason = 'refresh_token_reuse' | 'code_reuse' | 'revoked_by_account';

/**
 * Revokes a grant and everything it issued, in one transaction: its access tokens (api_keys rows stop
 * authenticating at once) and, through the grant's state, every refresh token and unused code.
 * Revoking a revoked grant changes nothing.
 */
export async function revokeGrant(db: Db, grantId: string, reason: GrantRevocationReason): Promise<void> {
  const now = new Date();
  await db.$transaction([
    db.oAuthGrant.updateMany({ where: { id: grantId, revokedAt: null }, data: { revokedAt: now, revokedReason: reason } }),
    db.apiKey.updateMany({ where: { oauthGrantId: grantId, revokedAt: null }, data: { revokedAt: now } }),
    db.oAuthRefreshToken.updateMany({ where: { grantId, usedAt: null }, data: { usedAt: now } }),
    db.oAuthCode.updateMany({ where: { grantId, usedAt: null }, data: { usedAt: now } }),
  ]);
}

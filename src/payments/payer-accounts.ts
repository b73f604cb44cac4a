import { randomBytes } from 'node:crypto';
import type { Db } from '../db/prisma.js';
import { hashApiKey, newKeyId } from '../accounts/api-keys.js';
import { PAYER_PLAN } from '../contract/plans.js';
import { policyOfKey } from '../accounts/key-policy.js';
import { ApiError } from '../contract/errors.js';
import type { AuthState } from '../accounts/caller.js';

/** Marks the payer's internal key: a key bound to this resource is refused by every Bearer check. */
const PAYER_KEY_RESOURCE = 'x402:payer';
/** What a payment may buy: the three paid routes. */
const PAYER_SCOPES = ['extract', 'bulk', 'crawl'];

/**
 * The account of a paying wallet: created on its first paid request so that its jobs, metering and logs
 * attach to an account like everyone else's. It holds one internal key whose secret was never kept (its
 * hash is of random bytes, and it is resource-bound), so the account can never be used with a Bearer key.
 */
export async function payerAuth(db: Db, payer: string): Promise<AuthState> {
  const address = payer.toLowerCase();
  const existing = await findPayer(db, address);
  if (existing) return existing;
  try {
    await db.account.create({
      data: {
        payerAddress: address,
        plan: PAYER_PLAN,
        apiKeys: {
          create: { id: newKeyId(), name: 'x402 payments', keyHash: hashApiKey(`unusable_${randomBytes(32).toString('hex')}`), scopes: PAYER_SCOPES, resource: PAYER_KEY_RESOURCE },
        },
      },
    });
  } catch {
    // A concurrent first payment of the same wallet created it: read theirs.
  }
  const created = await findPayer(db, address);
  if (!created) throw new Error(`payer account for ${address} could not be created`);
  return created;
}

async function findPayer(db: Db, address: string): Promise<AuthState | undefined> {
  const account = await db.account.findUnique({
    where: { payerAddress: address },
    select: { id: true, active: true, apiKeys: { where: { resource: PAYER_KEY_RESOURCE }, select: { id: true }, take: 1 } },
  });
  const key = account?.apiKeys[0];
  if (!account || !key) return undefined;
  if (!account.active) throw new ApiError('account_inactive', 'Payments from this wallet are no longer accepted');
  // A new key's defaults: no domain restrictions, robots.txt advisory; the request may tighten them.
  const policy = policyOfKey({ allowDomains: [], denyPatterns: [], respectRobots: 'advisory' });
  return { accountId: account.id, keyId: key.id, scopes: PAYER_SCOPES, plan: PAYER_PLAN, policy, payer: address };
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Prisma } from '@prisma/client';
import type { Db } from '../db/prisma.js';

/** Contract: `whsec_` + 64 lowercase hex (32 bytes); the HMAC key is the decoded bytes. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('hex')}`;
}

/**
 * Secrets at rest: AES-256-GCM with a key from configuration (WEBHOOK_ENCRYPTION_KEY, 64 hex).
 * Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url), so a later key rotation can add `v2`.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(hexKey: string) {
    this.key = Buffer.from(hexKey, 'hex');
    if (this.key.length !== 32) throw new Error('WEBHOOK_ENCRYPTION_KEY must be 64 hex characters (32 bytes)');
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('Unknown sealed-secret format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}

type Tx = Prisma.TransactionClient;

/**
 * The first submission with a webhook_url mints the account's secret and returns it; every later one
 * returns null. Atomic (`WHERE webhook_secret IS NULL`), so two concurrent first submissions mint one.
 * (Job submissions do the same inside their one-statement insert, src/jobs/store.ts.)
 */
export async function mintSecretOnFirstUse(tx: Db | Tx, box: SecretBox, accountId: string): Promise<string | null> {
  const secret = generateWebhookSecret();
  const minted = await tx.account.updateMany({
    where: { id: accountId, webhookSecret: null },
    data: { webhookSecret: box.seal(secret), webhookSecretRotatedAt: new Date() },
  });
  return minted.count === 1 ? secret : null;
}

/** POST /webhook/rotate: a new secret; the old one stops signing at once. */
export async function rotateWebhookSecret(db: Db, box: SecretBox, accountId: string): Promise<{ rotated_at: string; webhook_signing_secret: string }> {
  const secret = generateWebhookSecret();
  const rotatedAt = new Date();
  await db.account.update({ where: { id: accountId }, data: { webhookSecret: box.seal(secret), webhookSecretRotatedAt: rotatedAt } });
  return { rotated_at: rotatedAt.toISOString(), webhook_signing_secret: secret };
}

/** The account's current secret, opened for signing (null when it never minted one). Read per attempt, so a rotation applies to the next attempt. */
export async function currentWebhookSecret(db: Db, box: SecretBox, accountId: string): Promise<string | null> {
  const account = await db.account.findUnique({ where: { id: accountId }, select: { webhookSecret: true } });
  return account?.webhookSecret ? box.open(account.webhookSecret) : null;
}

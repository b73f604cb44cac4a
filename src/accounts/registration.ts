import { Prisma } from '@prisma/client';
import type { Db } from '../db/prisma.js';
import { ApiError } from '../contract/errors.js';
import { generateApiKey, hashApiKey, newKeyId } from './api-keys.js';
import { ALL_SCOPES } from '../contract/vocabulary.js';

export interface Registration {
  account_id: string;
  key_id: string;
  api_key: string;
  plan: string;
}

/** Creates an account on the free plan with one default key holding `*`. The raw key is returned once. */
export async function registerAccount(db: Db, email: string): Promise<Registration> {
  const apiKey = generateApiKey();
  const keyId = newKeyId();
  try {
    const account = await db.account.create({
      data: {
        email: email.toLowerCase(),
        apiKeys: { create: { id: keyId, keyHash: hashApiKey(apiKey), scopes: [ALL_SCOPES], name: 'default' } },
      },
    });
    return { account_id: account.id, key_id: keyId, api_key: apiKey, plan: account.plan };
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
      throw new ApiError('email_taken', `An account already exists for ${email}`);
    }
    throw err;
  }
}

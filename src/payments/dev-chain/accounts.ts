import { keccak256, toHex, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/**
 * Well-known keys of the local dev chain, derived from fixed labels so every `npm start` and every test
 * run has the same addresses. They guard nothing: the chain lives on loopback and holds test dollars.
 */
export function devKey(label: string): Hex {
  return keccak256(toHex(`pith-dev-chain/${label}`));
}

/** Deploys the token, mints, and pays gas for settlements (the facilitator's wallet). */
export const DEPLOYER_KEY = devKey('deployer');
/** Receives the payments (X402_PAY_TO). */
export const MERCHANT_KEY = devKey('merchant');
/** Funded wallets a developer or a test can pay with. */
export const demoPayerKey = (index: number): Hex => devKey(`payer/${index}`);

export const addressOf = (key: Hex) => privateKeyToAccount(key).address;

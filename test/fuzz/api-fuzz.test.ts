import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack.js';
import { apiClient } from '../support/api.js';
import { startPaymentRig, type PaymentRig } from '../support/x402-chain.js';
import { runFuzz } from '../../scripts/lib/fuzz.js';

/**
 * The bounded fuzz run of `npm test` (`npm run fuzz` is the long one): schemathesis drives every
 * operation of /openapi.json — the x402 payment path included — and fails on any 5xx, any answer that
 * breaks its documented status, content type, headers or schema (so every error must be the envelope),
 * any invalid input accepted, any undeclared method not answered 405.
 */
let rig: PaymentRig;
let stack: Stack;
let apiKey: string;

beforeAll(async () => {
  rig = await startPaymentRig();
  stack = await startStack({ ...rig.env, LOG_LEVEL: 'silent' });
  const registration = await apiClient(stack.baseUrl).register();
  // Enterprise: no per-second limit, so the fuzzer's pace never turns checks into 429s.
  await stack.db.account.update({ where: { id: registration.account_id }, data: { plan: 'enterprise' } });
  apiKey = registration.api_key;
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await rig?.close();
});

describe('schemathesis against /openapi.json', () => {
  it('finds no server error, no undocumented answer, no accepted invalid input', { timeout: 900_000 }, async () => {
    const maxExamples = Number(process.env.FUZZ_MAX_EXAMPLES ?? 10);
    const seed = Number(process.env.FUZZ_SEED ?? 20261122);
    const verbose = process.env.FUZZ_VERBOSE === '1'; // `npm run fuzz`: show schemathesis's progress as it runs
    const result = await runFuzz({ baseUrl: stack.baseUrl, apiKey, maxExamples, seed, ...(verbose ? { onOutput: (text: string) => process.stdout.write(text) } : {}) });
    const summary = result.output.slice(result.output.lastIndexOf('=== SUMMARY'));
    expect(result.output).toContain('Test cases:');
    expect(result.exitCode, `schemathesis reported failures:\n${result.output.slice(-12_000)}`).toBe(0);
    expect(summary).not.toMatch(/Failures:|Errors:/);
  });
});

import { describe, expect, it } from 'vitest';
import { centsOf, tokenAmount } from '../../../src/payments/price.js';
import { ConfigError, parseConfig } from '../../../src/config/config.js';
import { limitsOf, PAYER_PLAN, PLANS } from '../../../src/contract/plans.js';

describe('x402 prices', () => {
  it('turns metered requests into exact token units (6 decimals: 1 ¢ = 10 000 units)', () => {
    expect(tokenAmount(1, 0.35, 6)).toBe(3_500n);
    expect(tokenAmount(3, 0.35, 6)).toBe(10_500n);
    expect(tokenAmount(500, 0.35, 6)).toBe(1_750_000n);
    expect(tokenAmount(1, 0.25, 18)).toBe(2_500_000_000_000_000n);
  });

  it('rounds a fraction of the smallest unit up, never charging less than the price', () => {
    // 0.35 ¢ in a 2-decimal token (1 unit = 1 ¢) is 0.35 units → 1.
    expect(tokenAmount(1, 0.35, 2)).toBe(1n);
    expect(tokenAmount(3, 0.35, 2)).toBe(2n); // 1.05 → 2
    expect(tokenAmount(20, 0.35, 2)).toBe(7n); // exactly 7
  });

  it('states the amount in cents for the payments table', () => {
    expect(centsOf(1, 0.35)).toBe('0.35');
    expect(centsOf(3, 0.35)).toBe('1.05');
    expect(centsOf(20, 0.35)).toBe('7');
    expect(centsOf(2, 0.125)).toBe('0.25');
  });
});

describe('x402 configuration and plan', () => {
  it('refuses a facilitator without the payment terms, naming each missing variable', () => {
    expect(() => parseConfig({ X402_FACILITATOR_URL: 'http://127.0.0.1:4021' })).toThrow(ConfigError);
    try {
      parseConfig({ X402_FACILITATOR_URL: 'http://127.0.0.1:4021', X402_NETWORK: 'eip155:8453' });
    } catch (err) {
      expect((err as Error).message).toContain('X402_PAY_TO');
      expect((err as Error).message).toContain('X402_ASSET');
      expect((err as Error).message).not.toContain('X402_NETWORK');
    }
    expect(() => parseConfig({ X402_NETWORK: 'base' })).toThrow(/X402_NETWORK/);
    expect(() => parseConfig({ X402_PAY_TO: '0x1234' })).toThrow(/X402_PAY_TO/);
  });

  it('gives payers the Pro caps and features, without a per-second limit or a monthly allowance to run out of', () => {
    const payer = limitsOf(PAYER_PLAN);
    expect(payer.bulkUrlsPerRequest).toBe(PLANS.pro.bulkUrlsPerRequest);
    expect(payer.crawlDepth).toBe(PLANS.pro.crawlDepth);
    expect(payer.renderJs).toBe(true);
    expect(payer.requestsPerSecond).toBeNull();
    expect(payer.includedRequestsPerMonth).toBeGreaterThan(PLANS.enterprise.includedRequestsPerMonth);
  });
});

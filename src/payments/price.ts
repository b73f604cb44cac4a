/**
 * Prices in the payment token's smallest unit. The per-request price is configured in cents (decisions:
 * the Pro overage price); a token with `decimals` d has 10^(d-2) units per cent. Integer arithmetic on
 * millionths of a cent keeps 0.35 ¢ × 3 URLs exact.
 */
const MICRO = 1_000_000n;

export function microCents(cents: number): bigint {
  return BigInt(Math.round(cents * Number(MICRO)));
}

/** The amount, in token units, for `units` metered requests at `unitPriceCents` each. Rounds up: never under-charges. */
export function tokenAmount(units: number, unitPriceCents: number, decimals: number): bigint {
  const total = BigInt(units) * microCents(unitPriceCents) * 10n ** BigInt(decimals);
  const divisor = 100n * MICRO; // cents → dollars, and the micro factor
  return (total + divisor - 1n) / divisor;
}

/** Cents as a decimal string with up to 6 places, e.g. 1.05 for 3 × 0.35 ¢. */
export function centsOf(units: number, unitPriceCents: number): string {
  const micro = BigInt(units) * microCents(unitPriceCents);
  const whole = micro / MICRO;
  const fraction = (micro % MICRO).toString().padStart(6, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

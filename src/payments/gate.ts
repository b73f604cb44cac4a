import { HTTPFacilitatorClient, x402ResourceServer } from '@x402/core/server';
import { decodePaymentSignatureHeader, encodePaymentRequiredHeader, encodePaymentResponseHeader } from '@x402/core/http';
import type { PaymentPayload, PaymentRequired, PaymentRequirements, SettleResponse } from '@x402/core/types';
import { ExactEvmScheme } from '@x402/evm/exact/server';
import type { Config } from '../config/config.js';
import { ApiError } from '../contract/errors.js';
import { tokenAmount } from './price.js';

/** The payment terms Pith quotes, from configuration. */
export interface PaymentTerms {
  facilitatorUrl: string;
  network: `${string}:${string}`;
  payTo: string;
  asset: { address: string; name: string; version: string; decimals: number };
  unitPriceCents: number;
  maxTimeoutSeconds: number;
  facilitatorTimeoutMs: number;
}

export function paymentTermsOf(cfg: Config): PaymentTerms | undefined {
  if (!cfg.X402_FACILITATOR_URL || !cfg.X402_NETWORK || !cfg.X402_PAY_TO || !cfg.X402_ASSET) return undefined;
  return {
    facilitatorUrl: cfg.X402_FACILITATOR_URL,
    network: cfg.X402_NETWORK as `${string}:${string}`,
    payTo: cfg.X402_PAY_TO,
    asset: { address: cfg.X402_ASSET, name: cfg.X402_ASSET_NAME, version: cfg.X402_ASSET_VERSION, decimals: cfg.X402_ASSET_DECIMALS },
    unitPriceCents: cfg.X402_UNIT_PRICE_CENTS,
    maxTimeoutSeconds: cfg.X402_MAX_TIMEOUT_SECONDS,
    facilitatorTimeoutMs: cfg.X402_FACILITATOR_TIMEOUT_MS,
  };
}

/** A payment matched to this exact request's requirements (not yet verified by the facilitator). */
export interface MatchedPayment {
  payload: PaymentPayload;
  requirements: PaymentRequirements;
  /** The payer's wallet, lower-case. */
  payer: string;
  /** network:asset:payer:nonce — unique per EIP-3009 authorization. */
  paymentKey: string;
}

/** The facilitator's reason for a settlement broadcast but not yet confirmed: the same payment may be retried. */
const SETTLEMENT_PENDING = 'settlement_pending';

interface Eip3009Payload {
  authorization?: { from?: string; nonce?: string };
}

/**
 * Pith as an x402 resource server, on the x402 packages: `@x402/core`'s resource server for requirements,
 * matching, verification and settlement through an HTTP facilitator, `@x402/evm`'s `exact` scheme
 * (EIP-3009). This class only maps the protocol onto Pith's error codes.
 */
export class PaymentGate {
  private readonly server: x402ResourceServer;
  private ready: Promise<void> | undefined;

  constructor(readonly terms: PaymentTerms) {
    const facilitator = new HTTPFacilitatorClient({ url: terms.facilitatorUrl, timeoutMs: terms.facilitatorTimeoutMs });
    this.server = new x402ResourceServer(facilitator).register(terms.network, new ExactEvmScheme());
  }

  /** Loads the facilitator's supported kinds once; a facilitator that cannot be reached is 503, and asked again next time. */
  private async initialized(): Promise<void> {
    this.ready ??= this.server.initialize().catch((err: unknown) => {
      this.ready = undefined;
      throw new ApiError('service_unavailable', `Payments are unavailable right now (the payment facilitator cannot be reached: ${(err as Error).message}); retry shortly or use an API key`);
    });
    return this.ready;
  }

  /** The one way to pay for `units` metered requests: the exact amount, to Pith's address, in the configured token. */
  async requirementsFor(units: number): Promise<PaymentRequirements[]> {
    await this.initialized();
    const { terms } = this;
    return this.server.buildPaymentRequirements({
      scheme: 'exact',
      network: terms.network,
      payTo: terms.payTo,
      price: {
        amount: tokenAmount(units, terms.unitPriceCents, terms.asset.decimals).toString(),
        asset: terms.asset.address,
        extra: { name: terms.asset.name, version: terms.asset.version },
      },
      maxTimeoutSeconds: terms.maxTimeoutSeconds,
    });
  }

  /** 402 `payment_required`: the challenge in the envelope and, as x402 clients read it, in PAYMENT-REQUIRED. */
  async challenge(requirements: PaymentRequirements[], resource: { url: string; description: string }, reason?: string): Promise<ApiError> {
    const challenge: PaymentRequired = await this.server.createPaymentRequiredResponse(
      requirements,
      { url: resource.url, description: resource.description, mimeType: 'application/json' },
      reason,
    );
    const [quote] = requirements;
    const message = quote
      ? `${resource.description} costs ${quote.amount} units of ${this.terms.asset.name} (${quote.asset}) on ${quote.network}. Pay with x402 (PAYMENT-REQUIRED header) and retry the same request with PAYMENT-SIGNATURE, or send an API key.`
      : 'Payment required';
    return new ApiError('payment_required', message, undefined, { 'PAYMENT-REQUIRED': encodePaymentRequiredHeader(challenge) }, { payment_requirements: challenge });
  }

  /**
   * Decodes the PAYMENT-SIGNATURE (or v1 X-PAYMENT) header and matches it to this request's requirements.
   * A payment for another amount, recipient, token, network or scheme is 402 `payment_invalid`.
   */
  parse(header: string, requirements: PaymentRequirements[]): MatchedPayment {
    let payload: PaymentPayload;
    try {
      payload = decodePaymentSignatureHeader(header);
    } catch {
      throw new ApiError('payment_invalid', 'PAYMENT-SIGNATURE: not a base64-encoded x402 payment payload');
    }
    const matched = this.server.findMatchingRequirements(requirements, payload);
    if (!matched) {
      throw new ApiError('payment_invalid', 'The payment does not match this request: wrong amount, recipient, token, network or scheme. Request a fresh challenge.');
    }
    const authorization = (payload.payload as Eip3009Payload | undefined)?.authorization;
    if (typeof authorization?.from !== 'string' || typeof authorization.nonce !== 'string') {
      throw new ApiError('payment_invalid', 'The payment carries no EIP-3009 authorization');
    }
    const payer = authorization.from.toLowerCase();
    return { payload, requirements: matched, payer, paymentKey: [matched.network, matched.asset, payer, authorization.nonce].join(':').toLowerCase() };
  }

  /** The facilitator's check: EIP-712 signature, amount, recipient, validity window, unused nonce, balance. */
  async verify(payment: MatchedPayment): Promise<void> {
    let verdict;
    try {
      verdict = await this.server.verifyPayment(payment.payload, payment.requirements);
    } catch (err) {
      const refused = err as { invalidReason?: unknown };
      if (typeof refused.invalidReason === 'string') throw new ApiError('payment_invalid', `The payment was refused: ${refused.invalidReason}`);
      throw new ApiError('service_unavailable', `The payment could not be verified right now (${(err as Error).message}); retry shortly`);
    }
    if (!verdict.isValid) {
      throw new ApiError('payment_invalid', `The payment was refused: ${verdict.invalidReason ?? 'invalid'}${verdict.invalidMessage ? ` (${verdict.invalidMessage})` : ''}`);
    }
  }

  /**
   * Settles through the facilitator. Not confirmed yet (the transaction awaits its block, or the
   * facilitator cannot be reached) → 402 `payment_settlement_failed`, retryable with the same payment;
   * refused → 402 `payment_invalid`.
   */
  async settle(payment: MatchedPayment): Promise<SettleResponse & { header: string }> {
    let result: SettleResponse;
    try {
      result = await this.server.settlePayment(payment.payload, payment.requirements);
    } catch (err) {
      // A facilitator that answered with a verdict (SettleError) refused; one that did not answer may yet settle.
      const verdict = err as Partial<SettleResponse>;
      if (typeof verdict.errorReason !== 'string') {
        throw new SettlementError('pending', `The payment could not be settled yet (${(err as Error).message}); retry the same request shortly`);
      }
      result = { success: false, transaction: '', network: payment.requirements.network, ...verdict } as SettleResponse;
    }
    if (!result.success) {
      const reason = result.errorReason ?? 'settlement_failed';
      if (reason === SETTLEMENT_PENDING) {
        throw new SettlementError('pending', `The payment is not settled yet (transaction ${result.transaction || 'not yet broadcast'} awaits confirmation); retry the same request shortly`, result.transaction || undefined);
      }
      throw new SettlementError('refused', `The payment could not be settled: ${reason}${result.errorMessage ? ` (${result.errorMessage})` : ''}`);
    }
    return { ...result, header: encodePaymentResponseHeader(result) };
  }
}

/** A settlement that did not complete: `pending` may complete on retry, `refused` never will. */
export class SettlementError extends Error {
  override name = 'SettlementError';
  constructor(
    readonly kind: 'pending' | 'refused',
    message: string,
    readonly transaction?: string,
  ) {
    super(message);
  }

  toApiError(): ApiError {
    return new ApiError(this.kind === 'pending' ? 'payment_settlement_failed' : 'payment_invalid', this.message);
  }
}

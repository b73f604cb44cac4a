import type { Payment } from '@prisma/client';
import type { Db } from '../db/prisma.js';
import { ApiError } from '../contract/errors.js';
import { isUniqueViolation } from '../jobs/store/index.js';
import { SettlementError, type MatchedPayment, type PaymentGate } from './gate.js';
import { centsOf } from './price.js';

/** What a paid request is, for the audit trail. */
export interface PaidRequestFacts {
  accountId: string;
  units: number;
  unitPriceCents: number;
  endpoint: string;
  /** Fingerprint of the request the payment is for (method, path and body). */
  requestHash: string;
}

/**
 * A request paid with x402. `charge` runs once the request has passed every refusal (validation, caps,
 * address rules): it settles the payment and claims it for this request, so nothing is charged for a
 * request Pith refuses, and a payment buys exactly one request.
 */
export interface PaidRequest {
  payer: string;
  units: number;
  /** PAYMENT-RESPONSE header value once settled. */
  settlementHeader?: string;
  charge(): Promise<void>;
  /** The request could not be carried out after the claim (e.g. the job could not be stored): the same request may be retried with the same payment. */
  release(): Promise<void>;
  /** Records the job the payment bought. */
  attachJob(jobId: string): Promise<void>;
}

/**
 * Looks the payment up in the audit trail before anything else. A payment already spent, spent on
 * another request, or refused at settlement is 402 `payment_invalid` (replay). One settled or broadcast
 * for this same request but not carried out (the response was lost, or settlement was still pending) is
 * taken up where it stopped. A new one is verified by the facilitator.
 */
export async function preparePaidRequest(db: Db, gate: PaymentGate, payment: MatchedPayment, facts: Omit<PaidRequestFacts, 'accountId'>): Promise<(accountId: string) => PaidRequest> {
  const prior = await db.payment.findUnique({ where: { paymentKey: payment.paymentKey } });
  if (prior) {
    if (prior.redeemedAt) throw new ApiError('payment_invalid', `This payment was already spent (on ${prior.endpoint} at ${prior.redeemedAt.toISOString()}); request a fresh challenge`);
    if (prior.requestHash !== facts.requestHash) throw new ApiError('payment_invalid', 'This payment was made for a different request; request a fresh challenge');
    if (prior.status === 'failed') throw new ApiError('payment_invalid', `This payment could not be settled (${prior.errorReason ?? 'refused'}); request a fresh challenge`);
  } else {
    await gate.verify(payment);
  }
  return (accountId) => paidRequest(db, gate, payment, { ...facts, accountId }, prior);
}

function paidRequest(db: Db, gate: PaymentGate, payment: MatchedPayment, facts: PaidRequestFacts, prior: Payment | null): PaidRequest {
  let row = prior;
  const request: PaidRequest = {
    payer: payment.payer,
    units: facts.units,
    async charge() {
      row ??= await recordPayment(db, payment, facts);
      if (row.status !== 'settled') row = await settle(db, gate, payment, row, request);
      // Claim: of two requests presenting one settled payment, one wins.
      const claimed = await db.payment.updateMany({ where: { id: row.id, status: 'settled', redeemedAt: null }, data: { redeemedAt: new Date() } });
      if (claimed.count === 0) throw new ApiError('payment_invalid', 'This payment was already spent; request a fresh challenge');
    },
    async release() {
      if (row) await db.payment.update({ where: { id: row.id }, data: { redeemedAt: null } });
    },
    async attachJob(jobId) {
      if (row) await db.payment.update({ where: { id: row.id }, data: { jobId } });
    },
  };
  return request;
}

async function recordPayment(db: Db, payment: MatchedPayment, facts: PaidRequestFacts): Promise<Payment> {
  try {
    return await db.payment.create({
      data: {
        paymentKey: payment.paymentKey,
        accountId: facts.accountId,
        payer: payment.payer,
        network: payment.requirements.network,
        asset: payment.requirements.asset.toLowerCase(),
        payTo: payment.requirements.payTo.toLowerCase(),
        amount: payment.requirements.amount,
        amountCents: centsOf(facts.units, facts.unitPriceCents),
        units: facts.units,
        endpoint: facts.endpoint,
        requestHash: facts.requestHash,
        status: 'settling',
      },
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError('payment_invalid', 'This payment is already being used by another request; request a fresh challenge');
    throw err;
  }
}

async function settle(db: Db, gate: PaymentGate, payment: MatchedPayment, row: Payment, request: PaidRequest): Promise<Payment> {
  try {
    const settled = await gate.settle(payment);
    request.settlementHeader = settled.header;
    return await db.payment.update({ where: { id: row.id }, data: { status: 'settled', transaction: settled.transaction, settledAt: new Date(), errorReason: null } });
  } catch (err) {
    if (!(err instanceof SettlementError)) throw err;
    await db.payment.update({
      where: { id: row.id },
      data: err.kind === 'pending' ? { transaction: err.transaction ?? row.transaction, errorReason: err.message } : { status: 'failed', errorReason: err.message },
    });
    throw err.toApiError();
  }
}

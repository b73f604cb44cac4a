import compose from 'koa-compose';
import type { Pricer } from '../../payments/pricers.js';
import type { Middleware, ParameterizedContext } from 'koa';
import type { AppDeps, PithState } from '../state.js';
import { endpointOf, meterCall, protect } from './protect.js';
import { requireScope } from './auth.js';
import type { Scope } from '../../contract/vocabulary.js';
import { requestFingerprint } from '../../jobs/idempotency.js';
import { preparePaidRequest } from '../../payments/paid-request.js';
import { payerAuth } from '../../payments/payer-accounts.js';

/** How many metered requests a request body stands for (validates the body: a bad body is 400 before any quote). */

/**
 * The front of a route that can be paid per request: a request with an Authorization header goes the
 * keyed way (`protect`); one without, when x402 is configured, is quoted (402 `payment_required` with the
 * exact price of this body) or, carrying PAYMENT-SIGNATURE, verified and run as the paying wallet's
 * account. The payment is settled only by `chargeOrMeter` / the job submission, after every refusal.
 */
export function protectOrPay(deps: AppDeps, scope: Scope, priceOf: Pricer, description: string): Middleware<PithState>[] {
  // Bearer key → per-second limit (the scope check follows for both ways in).
  const keyed = compose(protect(deps));
  const paying: Middleware<PithState> = async (ctx, next) => {
    const payments = deps.payments;
    if (!payments || ctx.get('authorization')) return keyed(ctx, next);
    const units = priceOf(ctx.request.body);
    const requirements = await payments.gate.requirementsFor(units);
    const header = ctx.get('payment-signature');
    if (!header) {
      await payments.challenges.consume(ctx.ip);
      throw await payments.gate.challenge(requirements, { url: `${deps.cfg.BASE_URL}${ctx.path}`, description: `${description} (${units} request${units === 1 ? '' : 's'})` });
    }
    const payment = payments.gate.parse(header, requirements);
    const forAccount = await preparePaidRequest(deps.db, payments.gate, payment, {
      units,
      unitPriceCents: payments.gate.terms.unitPriceCents,
      endpoint: endpointOf(ctx),
      requestHash: requestFingerprint({ endpoint: endpointOf(ctx), body: ctx.request.body }),
    });
    const auth = await payerAuth(deps.db, payment.payer);
    ctx.state.auth = auth;
    ctx.state.payment = forAccount(auth.accountId);
    await next();
    if (ctx.state.payment.settlementHeader) ctx.set('PAYMENT-RESPONSE', ctx.state.payment.settlementHeader);
  };
  return [paying, requireScope(scope)];
}

/** Metering of a single request: a payer's payment is settled first (the request is then metered, never refused for quota). */
export async function chargeOrMeter(deps: AppDeps, ctx: ParameterizedContext<PithState>): Promise<void> {
  const payment = ctx.state.payment;
  if (!payment) return meterCall(deps, ctx);
  await payment.charge();
  await meterCall(deps, ctx, payment.units, true);
}

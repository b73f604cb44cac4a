import type { ErrorCode } from '../../contract/errors.js';
import type { RouteDoc } from './route-doc.js';

/** Every error code a route can answer: what its auth, body, metering and payment imply, then its own. */
export function errorCodesOf(route: RouteDoc): ErrorCode[] {
  const codes: ErrorCode[] = [];
  if (route.auth !== 'public') codes.push('missing_api_key', 'invalid_api_key', 'account_inactive', 'rate_limit_too_fast');
  if (route.auth !== 'public' && route.auth !== 'key') codes.push('insufficient_scope');
  if (route.payable) codes.push('payment_required', 'payment_invalid', 'payment_settlement_failed', 'challenge_rate_limited');
  if (route.auth !== 'public' && !route.unmetered) codes.push('rate_limit_exceeded');
  // An OAuth route reports a bad request in OAuth's own error format (route.oauthErrors), not as `invalid_request`.
  if ((route.body || route.query) && !route.oauthErrors) codes.push('invalid_request');
  if (route.body) codes.push('unsupported_media_type', 'payload_too_large');
  codes.push(...(route.errors ?? []), 'internal_error');
  return [...new Set(codes)];
}

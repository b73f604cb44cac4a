import type { ParameterizedContext } from 'koa';
import type { PithState } from '../state.js';
import type { SubmissionContext } from '../../jobs/requests.js';

/** What POST /bulk and POST /crawl take from the HTTP request besides the parsed body. */
export function submissionContextOf(ctx: ParameterizedContext<PithState>): SubmissionContext {
  return { idempotencyKeyHeader: ctx.get('idempotency-key') || undefined, rawBody: ctx.request.body, payment: ctx.state.payment };
}

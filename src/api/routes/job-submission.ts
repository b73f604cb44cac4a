import type { ParameterizedContext } from 'koa';
import type { AppDeps, PithState } from '../state.js';
import { ApiError } from '../../errors.js';
import { assertFetchableUrl } from '../../extraction/safe-fetch.js';
import { ExtractionError } from '../../extraction/errors.js';
import { assertWebhookUrl } from '../../services/webhook-url.js';
import { parseIdempotencyKey } from '../../services/idempotency.js';

/** Literal-address SSRF check of submitted URLs (DNS is checked again when each URL is fetched). */
export function assertSubmittedUrlsFetchable(deps: AppDeps, urls: readonly string[], field: string): void {
  urls.forEach((url, index) => {
    try {
      assertFetchableUrl(url, deps.cfg.ALLOW_PRIVATE_TARGETS);
    } catch (err) {
      if (err instanceof ExtractionError) {
        const where = urls.length > 1 || field === 'urls' ? `${field}.${index}` : field;
        throw new ApiError(err.code === 'unsafe_url' ? 'unsafe_url' : 'invalid_request', `${where}: ${err.message}`);
      }
      throw err;
    }
  });
}

/** What POST /bulk and POST /crawl share: the webhook target check and the Idempotency-Key. */
export async function submissionExtras(deps: AppDeps, ctx: ParameterizedContext<PithState>, body: { webhook_url?: string | undefined }) {
  const idempotencyKey = parseIdempotencyKey(ctx.get('idempotency-key') || undefined);
  if (body.webhook_url !== undefined) await assertWebhookUrl(body.webhook_url, deps.cfg.ALLOW_PRIVATE_TARGETS);
  return { idempotencyKey, body: ctx.request.body };
}

import { ApiError } from '../contract/errors.js';
import { isPublicAddress } from './address-policy.js';
import { resolveAndCheck } from './resolve-and-check.js';

/**
 * Contract: `webhook_url` must be https and must not resolve to a private host (422 `webhook_url_invalid`).
 * With ALLOW_PRIVATE_TARGETS (local development and tests only) plain http and private hosts pass.
 */
export async function assertWebhookUrl(raw: string, allowPrivate: boolean): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ApiError('webhook_url_invalid', 'webhook_url: not a valid absolute URL');
  }
  const allowedProtocols = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!allowedProtocols.includes(url.protocol)) throw new ApiError('webhook_url_invalid', 'webhook_url: must be an https:// URL');
  if (url.username || url.password) throw new ApiError('webhook_url_invalid', 'webhook_url: must not carry credentials');
  if (allowPrivate) return url;
  const checked = await resolveAndCheck(url.hostname, isPublicAddress);
  if (checked.allowed) return url;
  if (checked.refusal.kind === 'dns_failed') throw new ApiError('webhook_url_invalid', `webhook_url: ${url.hostname} does not resolve`);
  throw new ApiError('webhook_url_invalid', `webhook_url: ${url.hostname} is a private or non-public host`);
}

import { lookup } from 'node:dns/promises';
import { ApiError } from '../contract/errors.js';
import { ipLiteral, isPublicAddress } from '../net/address-policy.js';

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
  const literal = ipLiteral(url.hostname);
  let addresses: string[];
  try {
    addresses = literal ? [literal] : (await lookup(url.hostname, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    throw new ApiError('webhook_url_invalid', `webhook_url: ${url.hostname} does not resolve`);
  }
  if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a))) {
    throw new ApiError('webhook_url_invalid', `webhook_url: ${url.hostname} is a private or non-public host`);
  }
  return url;
}

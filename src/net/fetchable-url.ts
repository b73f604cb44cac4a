import { ExtractionError } from '../contract/extraction-error.js';
import { addressPolicyFor, ipLiteral, type AddressPolicy } from './address-policy.js';

const LOOPBACK_NAME = /(^|\.)localhost\.?$/i;

/**
 * Refuses non-http(s) URLs, credentials, and hosts the policy refuses without asking DNS: IP literals
 * (the WHATWG parser has already turned decimal, hex, octal and short IPv4 forms into dotted quads)
 * and the reserved loopback names `localhost` / `*.localhost`. Names are checked when connecting.
 */
export function assertFetchableUrl(raw: string, allowPrivate: boolean, policy: AddressPolicy = addressPolicyFor(allowPrivate)): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ExtractionError('invalid_request', `Not a valid absolute URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ExtractionError('invalid_request', `Only http and https URLs can be fetched, not ${url.protocol}`);
  }
  if (url.username || url.password) throw new ExtractionError('invalid_request', 'URLs with credentials are not fetched');
  const literal = ipLiteral(url.hostname) ?? (LOOPBACK_NAME.test(url.hostname) ? '127.0.0.1' : undefined);
  if (literal && !policy(literal)) throw new ExtractionError('unsafe_url', `${url.hostname} is not a public address`);
  return url;
}

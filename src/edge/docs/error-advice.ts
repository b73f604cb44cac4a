import { ERRORS, type ErrorCode } from '../../contract/errors.js';
import { DOCUMENT_CAPS } from '../../extraction/documents/caps.js';

/**
 * What a caller should do about each code: the one thing the error table (src/contract/errors.ts) does not say.
 * Status, retry, upgrade and meaning always come from the table; a code without an entry here gets
 * advice derived from its `retry` and `upgrade` flags, so a new code is documented the moment it exists.
 */
const ADVICE: Partial<Record<ErrorCode, string>> = {
  invalid_api_key: 'Check the key: it is `ce_` followed by 40 lowercase hex characters, sent as `Authorization: Bearer <API_KEY>`. A revoked, rotated or expired key is unknown; mint a new one with `POST /keys` or `POST /keys/rotate`.',
  missing_api_key: 'Send `Authorization: Bearer <API_KEY>`. Get a key from `POST /register`.',
  payment_invalid: 'Do not resend this payment. Request a fresh payment challenge and pay that one.',
  payment_required: 'Pay the quoted amount from the challenge and retry the same request with the payment attached, or use an API key instead.',
  payment_settlement_failed: 'Retry the same request shortly; the payment has not settled yet.',
  account_inactive: 'Contact support: requests fail until the account is reactivated.',
  domain_denied: "Remove the URL, or use a key whose `deny_patterns` does not match it. A request can only tighten its key's policy, never loosen it.",
  domain_not_allowed: "Use a URL on one of the key's `allow_domains`, or a key that allows this domain.",
  forbidden: 'Read the job with a key of the account that submitted it.',
  insufficient_scope: 'Use a key that holds the scope of this route (or `*`). Mint one with `POST /keys` from a key that holds that scope.',
  plan_not_supported: 'Upgrade to Pro, Growth or Enterprise at `upgrade_url`, or drop the option (for example `render_js`).',
  robots_disallowed: "Respect the site's robots.txt, or use a key whose `respect_robots` is `advisory` or `off` if you are entitled to fetch the page.",
  job_not_found: 'Check the `job_id`. Results are kept 6 hours after a job finishes; after that, submit the job again.',
  key_not_found: 'List your keys with `GET /keys` and use an id (`key_…`) from that list.',
  email_taken: 'Use the existing account (its key, or `POST /keys/rotate` if you still hold a key), or register another e-mail address.',
  idempotency_in_progress: 'Wait a moment and retry with the same `Idempotency-Key` and body: you will get the original job.',
  bulk_cap_exceeded: 'Split the URLs into several requests within your plan\'s cap, or upgrade at `upgrade_url`.',
  crawl_depth_exceeded: "Lower `depth` to your plan's cap, or upgrade at `upgrade_url`.",
  fetch_failed: 'Check that the URL is reachable from the public internet (DNS, TLS); retrying later may succeed.',
  idempotency_key_reuse: 'Use a new `Idempotency-Key` for a different body; reuse a key only to retry the identical request.',
  invalid_request: 'Fix the field named in `message` and send the request again. The OpenAPI document at `/openapi.json` gives every field.',
  js_rendering_unavailable: 'Retry without `render_js`, or try again later; upgrading does not help.',
  action_failed: 'Read `message` and `action_index`: the selector may be wrong, the element hidden or slow to appear. Check the selector in the page as the browser renders it, add a `wait {selector}` action before it, or raise that action\'s `timeout_ms` (at most 30000) and the request\'s `timeout_ms`.',
  watch_not_found: 'List your watches with `GET /watches`; a deleted watch is gone for good. Another account\'s watch is not visible to your keys.',
  watch_limit_reached: "Delete a watch you no longer need (`DELETE /watches/{id}`), or upgrade at `upgrade_url` (Free 3, Pro 50, Growth 500, Enterprise unlimited).",
  watch_interval_too_short: 'Ask for a longer `every` (Free: 1 day, Pro: 1 hour, Growth: 15 minutes, Enterprise: 5 minutes at the shortest), or upgrade at `upgrade_url`.',
  file_not_found: 'Files are kept 6 hours. Use the link or `file_id` of a recent answer; a signed link must be used unchanged. Extract the page again for a fresh screenshot.',
  document_too_large: `Pith reads PDFs of up to ${DOCUMENT_CAPS.maxPages} pages and documents of up to ${DOCUMENT_CAPS.maxBytes / 1024 / 1024} MiB, ${DOCUMENT_CAPS.maxTextChars} characters of text and ${DOCUMENT_CAPS.parseTimeoutMs / 1000} s of parsing. Split the document, or link to a smaller part of it.`,
  no_content: 'The page has no main content to extract (for example a login wall or an empty shell). Try `render_js: true` for script-built pages, or another URL.',
  search_cap_exceeded: "Lower `num_results` to your plan's cap, or upgrade at `upgrade_url`.",
  target_http_error: 'The target site answered with an error status; retry later or check the URL.',
  target_timeout: 'Retry later, or raise `timeout_ms` (up to 60000) on `POST /extract`.',
  unsafe_url: 'Use a public URL: private, loopback and link-local addresses are never fetched.',
  webhook_url_invalid: 'Use an `https://` webhook URL whose host resolves to a public address.',
  challenge_rate_limited: 'Wait `retry_after` seconds before asking for another payment challenge, and pay the challenges you receive.',
  rate_limit_exceeded: "The month's allowance is spent: wait for the reset (`retry_after`), or upgrade at `upgrade_url`. Retrying sooner fails again.",
  too_many_streams: 'Close a stream you no longer read (abort its request), or poll `GET /jobs/{job_id}` instead; an account may hold 20 open event streams per API process.',
  rate_limit_too_fast: 'Back off for `Retry-After-Ms` milliseconds and retry; spread requests to stay under your plan\'s per-second limit.',
  register_rate_limited: 'Wait the `Retry-After` seconds before registering again from this address.',
  service_unavailable: 'Nothing was performed. Retry after a short backoff.',
  not_found: 'Check the method and path against `/openapi.json`.',
  delivery_not_found: 'List your deliveries with `GET /webhooks/deliveries` and use an `id` from that list; another account\'s deliveries are never visible.',
  method_not_allowed: 'Use a method the route supports; see `/openapi.json`.',
  payload_too_large: 'Send a smaller body: split bulk submissions into several requests.',
  unsupported_media_type: 'Send the body as JSON with `Content-Type: application/json`.',
  internal_error: 'Retry with backoff. If it persists, report the time and request to support.',
};

export function adviceFor(code: ErrorCode): string {
  const advice = ADVICE[code];
  if (advice) return advice;
  const spec = ERRORS[code];
  if (spec.upgrade) return 'Upgrade your plan at `upgrade_url`; retrying unchanged does not help.';
  return spec.retry ? 'Retry the same request after a backoff.' : 'Change the request; retrying it unchanged fails again.';
}

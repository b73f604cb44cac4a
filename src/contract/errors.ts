/**
 * The contract's error table as data: every 4xx/5xx Pith answers is one of these codes, in the envelope
 * `{ error: { code, message, retry, docs_url, upgrade_url?, retry_after? } }`.
 */

export interface ErrorSpec {
  status: number;
  retry: boolean;
  /** The remedy is a plan upgrade: the envelope carries `upgrade_url`. */
  upgrade: boolean;
  meaning: string;
}

/** Codes of the contract, exactly as its table gives them. */
export const CONTRACT_ERRORS = {
  invalid_api_key: { status: 401, retry: false, upgrade: false, meaning: 'Key format wrong or key unknown.' },
  missing_api_key: { status: 401, retry: false, upgrade: false, meaning: 'No Bearer authorization header.' },
  payment_invalid: { status: 402, retry: false, upgrade: false, meaning: 'Payment replayed, tampered with or mispriced. Request a fresh challenge.' },
  payment_required: { status: 402, retry: true, upgrade: false, meaning: 'The payment challenge. Pay the quoted amount and retry the same request.' },
  payment_settlement_failed: { status: 402, retry: true, upgrade: false, meaning: 'Payment not yet settled. Retry shortly.' },
  account_inactive: { status: 403, retry: false, upgrade: false, meaning: 'Account deactivated.' },
  domain_denied: { status: 403, retry: false, upgrade: false, meaning: 'URL matches a `deny_patterns` rule of the key.' },
  domain_not_allowed: { status: 403, retry: false, upgrade: false, meaning: "URL's domain is not in the key's `allow_domains`." },
  forbidden: { status: 403, retry: false, upgrade: false, meaning: 'The job belongs to another account.' },
  insufficient_scope: { status: 403, retry: false, upgrade: false, meaning: 'Key lacks the scope for the route.' },
  plan_not_supported: { status: 403, retry: false, upgrade: true, meaning: 'Crawl or `render_js=true` needs Pro, Growth or Enterprise.' },
  robots_disallowed: { status: 403, retry: false, upgrade: false, meaning: 'robots.txt disallows the URL and the key has `respect_robots=strict`.' },
  job_not_found: { status: 404, retry: false, upgrade: false, meaning: 'Unknown `job_id`, or the 6-hour result lifetime has passed.' },
  key_not_found: { status: 404, retry: false, upgrade: false, meaning: 'No such key on this account (`DELETE /keys/{id}`).' },
  email_taken: { status: 409, retry: false, upgrade: false, meaning: '`POST /register`: e-mail already has an account.' },
  idempotency_in_progress: { status: 409, retry: true, upgrade: false, meaning: 'Same key and body while the first submission is still being enqueued.' },
  bulk_cap_exceeded: { status: 422, retry: false, upgrade: true, meaning: 'URL count above the plan limit.' },
  crawl_depth_exceeded: { status: 422, retry: false, upgrade: true, meaning: 'Depth above the plan limit.' },
  fetch_failed: { status: 422, retry: true, upgrade: false, meaning: 'Target unreachable (DNS, TLS or connection failure).' },
  idempotency_key_reuse: { status: 422, retry: false, upgrade: false, meaning: 'Same `Idempotency-Key` with a different body.' },
  invalid_request: { status: 422, retry: false, upgrade: false, meaning: 'Body failed validation.' },
  js_rendering_unavailable: { status: 422, retry: false, upgrade: false, meaning: 'JS rendering temporarily unavailable on the server side. Not cured by upgrading.' },
  no_content: { status: 422, retry: false, upgrade: false, meaning: 'No main content found on the page.' },
  search_cap_exceeded: { status: 422, retry: false, upgrade: true, meaning: '`num_results` above the plan limit.' },
  target_http_error: { status: 422, retry: true, upgrade: false, meaning: 'Target returned a non-2xx status.' },
  target_timeout: { status: 422, retry: true, upgrade: false, meaning: 'Target did not respond in time.' },
  unsafe_url: { status: 422, retry: false, upgrade: false, meaning: 'URL resolves to a private, loopback or link-local address.' },
  webhook_url_invalid: { status: 422, retry: false, upgrade: false, meaning: '`webhook_url` is not https or resolves to a private host.' },
  challenge_rate_limited: { status: 429, retry: true, upgrade: false, meaning: 'Too many unpaid payment challenges from this IP.' },
  rate_limit_exceeded: { status: 429, retry: true, upgrade: true, meaning: 'Monthly quota exhausted, or the batch would exceed it.' },
  rate_limit_too_fast: { status: 429, retry: true, upgrade: false, meaning: 'Per-second limit hit.' },
  register_rate_limited: { status: 429, retry: true, upgrade: false, meaning: 'Too many registrations from this IP.' },
  service_unavailable: { status: 503, retry: true, upgrade: false, meaning: 'A backend Pith depends on is down; the request was not performed.' },
} as const satisfies Record<string, ErrorSpec>;

/**
 * Codes the contract does not list but HTTP needs: unknown routes, wrong methods, bodies that are not
 * JSON or too large, and unexpected failures. Same envelope; documented at /docs/errors.
 */
export const PROTOCOL_ERRORS = {
  not_found: { status: 404, retry: false, upgrade: false, meaning: 'No such route.' },
  method_not_allowed: { status: 405, retry: false, upgrade: false, meaning: 'The route exists but not for this HTTP method.' },
  payload_too_large: { status: 413, retry: false, upgrade: false, meaning: 'The request body is larger than the API accepts.' },
  unsupported_media_type: { status: 415, retry: false, upgrade: false, meaning: 'The request body must be JSON (`Content-Type: application/json`).' },
  internal_error: { status: 500, retry: true, upgrade: false, meaning: 'An unexpected server error. It was logged; retrying may succeed.' },
} as const satisfies Record<string, ErrorSpec>;

/** Codes of Pith's routes beyond the contract (webhook delivery history, documents, the browser's actions and files). Same envelope; documented at /docs/errors. */
export const EXTENSION_ERRORS = {
  delivery_not_found: { status: 404, retry: false, upgrade: false, meaning: 'No such webhook delivery on this account.' },
  document_too_large: { status: 422, retry: false, upgrade: false, meaning: 'The document (PDF, DOCX) is over the page, size, text or time limit for one document.' },
  action_failed: { status: 422, retry: false, upgrade: false, meaning: 'A page action (or `wait_for`) failed: its selector matched nothing in time, or the page refused it. The error names the action.' },
  watch_not_found: { status: 404, retry: false, upgrade: false, meaning: 'No such watch on this account (or it was deleted).' },
  watch_limit_reached: { status: 403, retry: false, upgrade: true, meaning: "The account already has as many watches as its plan allows." },
  watch_interval_too_short: { status: 422, retry: false, upgrade: true, meaning: "`every` runs more often than the plan allows (for a cron expression: its shortest gap between runs)." },
  too_many_streams: { status: 429, retry: true, upgrade: false, meaning: 'The account already holds as many open event streams (`GET /jobs/{job_id}/events`) as one API process allows.' },
  file_not_found: { status: 404, retry: false, upgrade: false, meaning: 'No such file (screenshot), or its lifetime has passed, or the signed link has expired.' },
} as const satisfies Record<string, ErrorSpec>;

export const ERRORS = { ...CONTRACT_ERRORS, ...PROTOCOL_ERRORS, ...EXTENSION_ERRORS } as const;
export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERRORS, code);
}

export interface ErrorEnvelope {
  error: {
    code: ErrorCode;
    message: string;
    retry: boolean;
    docs_url: string;
    upgrade_url?: string;
    retry_after?: number;
    /** On 402 `payment_required`: the x402 challenge (also sent base64-encoded in the PAYMENT-REQUIRED header). */
    payment_requirements?: unknown;
    /** On 422 `action_failed` (and a refusal a page action caused): the index of the action in `actions`. */
    action_index?: number;
    /** With `formats: ["change_tracking"]`, when the page answered 404/410: `removed` (or `same` when it was gone already). */
    change?: { status: string; previous_at: string | null; diff: string | null };
  };
}

/** Members of the envelope's `error` object beyond the table's. */
export type ErrorDetails = Pick<ErrorEnvelope['error'], 'payment_requirements' | 'action_index' | 'change'>;

/** An error that leaves the API as the envelope of its code. Throw it anywhere below a route. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly spec: ErrorSpec;

  constructor(
    readonly code: ErrorCode,
    message: string = ERRORS[code].meaning,
    /** Seconds until a retry can succeed (429 codes). */
    readonly retryAfter?: number,
    /** Extra response headers, e.g. Retry-After-Ms. */
    readonly headers: Record<string, string> = {},
    /** Extra members of the envelope's `error` object (the x402 challenge of a 402). */
    readonly details: ErrorDetails = {},
  ) {
    super(message);
    this.spec = ERRORS[code];
  }

  get status(): number {
    return this.spec.status;
  }
}

/** Where a plan upgrade happens (decisions: `{base_url}/pricing`): errors' `upgrade_url` and GET /usage's. */
export const upgradeUrlFor = (baseUrl: string) => `${baseUrl}/pricing`;

export interface EnvelopeLinks {
  baseUrl: string;
  upgradeUrl?: string;
}

export function errorEnvelope(
  code: ErrorCode,
  message: string,
  links: EnvelopeLinks,
  retryAfter?: number,
  details: ErrorDetails = {},
): ErrorEnvelope {
  const spec = ERRORS[code];
  return {
    error: {
      ...details,
      code,
      message,
      retry: spec.retry,
      docs_url: `${links.baseUrl}/docs/errors#${code}`,
      ...(spec.upgrade ? { upgrade_url: links.upgradeUrl ?? upgradeUrlFor(links.baseUrl) } : {}),
      ...(spec.status === 429 || retryAfter !== undefined ? { retry_after: Math.max(0, Math.ceil(retryAfter ?? 1)) } : {}),
    },
  };
}

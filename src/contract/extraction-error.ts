/** Codes an extraction can fail with; each is a row of the contract's error table. */
export type ExtractionErrorCode =
  | 'fetch_failed'
  | 'target_http_error'
  | 'target_timeout'
  | 'unsafe_url'
  | 'no_content'
  | 'document_too_large'
  | 'action_failed'
  | 'invalid_request'
  | 'js_rendering_unavailable'
  | 'robots_disallowed';

/** A failure that belongs to one URL: reported as that URL's `error`/`error_code`, never a crash. */
export class ExtractionError extends Error {
  override name = 'ExtractionError';
  constructor(
    readonly code: ExtractionErrorCode,
    message: string,
    /** The target's status, for `target_http_error`. */
    readonly httpStatus?: number,
    /** The page action that failed, for `action_failed` (and a refusal an action caused): its index in `actions`. */
    readonly actionIndex?: number,
  ) {
    super(message);
  }

  /**
   * Worth trying again within a job: unreachable or slow targets, 5xx, 408 and 429. Other 4xx answers
   * (404, 410, 403 …) will not change in seconds, so they are recorded at once.
   */
  get transient(): boolean {
    if (this.code === 'fetch_failed' || this.code === 'target_timeout') return true;
    if (this.code !== 'target_http_error') return false;
    const status = this.httpStatus ?? 500;
    return status >= 500 || status === 408 || status === 429;
  }
}

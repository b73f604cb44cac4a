/** The error envelope of every 4xx/5xx Pith answers: `{ error: { code, message, retry, docs_url, upgrade_url?, retry_after? } }`. */
export interface ErrorBody {
  code: string;
  message: string;
  retry: boolean;
  docs_url: string;
  upgrade_url?: string;
  retry_after?: number;
  [extra: string]: unknown;
}

/** An answer in the error envelope: the code says what happened, `retry` whether the same request can succeed later. */
export class PithError extends Error {
  override name = 'PithError';
  readonly code: string;
  readonly retry: boolean;
  /** Seconds to wait (429, 503), when the API says. */
  readonly retryAfter: number | undefined;
  readonly docsUrl: string;
  readonly upgradeUrl: string | undefined;
  /** The whole `error` object (some codes carry more, e.g. `action_index`, `change`). */
  readonly body: ErrorBody;

  constructor(
    readonly status: number,
    body: ErrorBody,
  ) {
    super(body.message);
    this.body = body;
    this.code = body.code;
    this.retry = body.retry;
    this.retryAfter = body.retry_after;
    this.docsUrl = body.docs_url;
    this.upgradeUrl = body.upgrade_url;
  }
}

/** No answer came back (connection refused or dropped, DNS, timeout): the request may or may not have been carried out. */
export class PithConnectionError extends Error {
  override name = 'PithConnectionError';
  constructor(
    message: string,
    override readonly cause: unknown,
  ) {
    super(message);
  }
}

/** A job did not finish within `wait`'s `timeoutMs`. */
export class PithTimeoutError extends Error {
  override name = 'PithTimeoutError';
}

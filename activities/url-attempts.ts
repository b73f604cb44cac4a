import { Context } from '@temporalio/activity';

/** Attempts per URL for transient target failures (fetch_failed, target_timeout, target_http_error). */
export const URL_ATTEMPTS = 3;

/** Waits between a URL's attempts inside a batch: those of the one-URL activity's retry policy (1 s, then 2 s). */
export const URL_RETRY_DELAYS_MS = [1000, 2000] as const;

/**
 * Runs `attempt` for one URL of a batch until it returns or URL_ATTEMPTS have thrown, waiting in between
 * (the wait ends early with a CancelledFailure when the activity is cancelled). The batch's other URLs
 * are unaffected: only a failure of the last attempt reaches the activity, which Temporal then retries.
 */
export async function withUrlAttempts<T>(attempt: (n: number) => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (err) {
      if (n >= URL_ATTEMPTS) throw err;
      await Context.current().sleep(URL_RETRY_DELAYS_MS[n - 1] ?? URL_RETRY_DELAYS_MS[URL_RETRY_DELAYS_MS.length - 1]);
    }
  }
}

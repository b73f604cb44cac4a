import { ExtractionError } from '../../contract/extraction-error.js';

/** JS rendering cannot be offered (no Chromium, or it fails to start): the API answers 422 `js_rendering_unavailable`. */
export class RenderUnavailableError extends Error {
  override name = 'RenderUnavailableError';
  readonly code = 'js_rendering_unavailable';
}

/**
 * Playwright's TimeoutError, told by its name: importing Playwright to compare classes would load its
 * ~7 MB bundles (kept in memory twice, as module source and as script: ~20 MB of each process's heap in
 * the soak's snapshots) into every process, even one that never renders. launch-chromium.ts loads it on
 * the first render.
 */
export function isPlaywrightTimeout(err: unknown): boolean {
  return err instanceof Error && err.name === 'TimeoutError';
}

/** Chromium's network error (`net::ERR_…`) named in a Playwright error message, if any. */
function chromiumNetError(err: unknown): string | undefined {
  return /net::(ERR_[A-Z_]+)/.exec(String((err as Error | undefined)?.message ?? err))?.[1];
}

const TIMEOUT_NET_ERRORS = new Set(['ERR_TIMED_OUT', 'ERR_CONNECTION_TIMED_OUT']);

/** A navigation or page failure as the extraction error a plain fetch would have given. */
export function renderFailure(err: unknown, target: URL): ExtractionError {
  if (err instanceof ExtractionError) return err;
  if (isPlaywrightTimeout(err)) return new ExtractionError('target_timeout', `${target.host} did not render in time`);
  const netError = chromiumNetError(err);
  if (netError && TIMEOUT_NET_ERRORS.has(netError)) return new ExtractionError('target_timeout', `${target.host} did not respond in time`);
  const detail = netError ?? (err as Error | undefined)?.message?.split('\n')[0] ?? 'unknown error';
  return new ExtractionError('fetch_failed', `Could not render ${target.host} (${detail})`);
}

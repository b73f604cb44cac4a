import { ApiError } from '../contract/errors.js';
import type { SearchProviderName } from './provider.js';

export interface ProviderRequest {
  provider: SearchProviderName;
  url: URL;
  headers?: Record<string, string>;
  timeoutMs: number;
  userAgent: string;
}

/** 503 `service_unavailable`: the provider, not the caller, is at fault, and a later retry may succeed. */
export function providerUnavailable(provider: SearchProviderName, problem: string): ApiError {
  return new ApiError('service_unavailable', `The search provider (${provider}) ${problem}; the search was not performed`);
}

function describeFailure(err: unknown, timeoutMs: number): string {
  const error = err as { name?: string; cause?: { code?: string; message?: string } };
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return `did not answer within ${timeoutMs} ms`;
  const reason = error.cause?.code ?? error.cause?.message ?? (err as Error).message;
  return `is unreachable (${reason})`;
}

/** Why a non-2xx answer happened, when the status says something an operator can act on. */
function statusHint(status: number): string {
  if (status === 401 || status === 403) return ': check its credentials or, for SearXNG, that `json` is in `search.formats` of settings.yml';
  if (status === 429) return ': its rate limit or quota is exhausted';
  return '';
}

/**
 * GETs a provider's JSON answer. Every way it can go wrong — no connection, a timeout (the whole exchange,
 * body included, is bounded), a non-2xx status, a body that is not JSON — becomes `service_unavailable`
 * with a message that says which; the caller validates the shape.
 */
export async function getProviderJson(request: ProviderRequest): Promise<unknown> {
  const signal = AbortSignal.timeout(request.timeoutMs);
  let body: string;
  try {
    const response = await fetch(request.url, {
      headers: { accept: 'application/json', 'user-agent': request.userAgent, ...request.headers },
      signal,
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw providerUnavailable(request.provider, `answered HTTP ${response.status}${statusHint(response.status)}`);
    }
    body = await response.text();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw providerUnavailable(request.provider, describeFailure(err, request.timeoutMs));
  }
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw providerUnavailable(request.provider, 'answered with a body that is not JSON');
  }
}

/** Keeps only absolute http(s) URLs: a provider's other entries (answers, internal links) are not pages to return or extract. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

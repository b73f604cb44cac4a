const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** Schemes a redirect could abuse to run code or read local files in the user's browser. */
const FORBIDDEN_SCHEMES = new Set(['javascript:', 'data:', 'file:', 'vbscript:', 'blob:', 'about:']);

/**
 * Why a redirect URI cannot be registered, or null when it can (OAuth 2.1 §2.3.1, RFC 8252): an absolute
 * URI without fragment; `https`, plain `http` only on a loopback host (native apps listening locally), or
 * a private-use scheme of a native app (`cursor://…`). Matching at /oauth/authorize is exact.
 */
export function redirectUriProblem(raw: string): string | null {
  let uri: URL;
  try {
    uri = new URL(raw);
  } catch {
    return `${raw} is not an absolute URI`;
  }
  if (raw.includes('#')) return `${raw} must not contain a fragment`;
  if (FORBIDDEN_SCHEMES.has(uri.protocol)) return `${raw}: the ${uri.protocol} scheme is not allowed`;
  if (uri.protocol === 'http:' && !LOOPBACK_HOSTS.has(uri.hostname)) return `${raw}: plain http is allowed only for loopback hosts; use https`;
  return null;
}

/**
 * URL normalisation: two spellings of one page are one page — a crawl counts it once, a map lists it once,
 * the content cache and change tracking find it again. Conservative: only rewrites that never change what
 * a server returns in practice (case of scheme and host, default ports, fragments, tracking parameters,
 * parameter order).
 */

const TRACKING_PARAMETERS = /^(utm_[a-z]+|gclid|dclid|fbclid|msclkid|mc_cid|mc_eid|_ga|yclid|igshid)$/i;

/** The page's one spelling, or null for what is not a fetchable http(s) URL without credentials. */
export function normalizeUrl(raw: string, base?: string): string | null {
  let url: URL;
  try {
    url = base === undefined ? new URL(raw) : new URL(raw, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  url.hash = '';
  // Every trailing dot goes (`a..` and `a.` are `a`): removing only one left a second spelling behind.
  const host = url.hostname.toLowerCase().replace(/\.+$/, '');
  if (!host) return null; // `http://.../`: no host left to crawl
  url.hostname = host;
  // The setter ignores a host the parser refuses (`a.1`): what is left is no crawlable host either.
  if (url.hostname.endsWith('.')) return null;
  const kept = [...url.searchParams.entries()].filter(([name]) => !TRACKING_PARAMETERS.test(name));
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  url.search = kept.length > 0 ? new URLSearchParams(kept).toString() : '';
  return url.href;
}

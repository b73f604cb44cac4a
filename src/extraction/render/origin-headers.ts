/**
 * The caller's `headers` as the browser sends them: to the page's own origin only. A `cookie` header
 * cannot be set on a request in Chromium (the network stack writes its own), so it becomes host-only
 * cookies of that origin, which the browser then sends to that origin and nowhere else.
 */

/** The headers set on own-origin requests: everything but `cookie`. */
export function originHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'cookie'));
}

/** `cookie: a=1; b=2` as cookies of `target`'s origin. */
export function cookiesOf(headers: Record<string, string>, target: URL): { name: string; value: string; url: string }[] {
  const cookie = Object.entries(headers).find(([name]) => name.toLowerCase() === 'cookie')?.[1];
  if (!cookie) return [];
  return cookie
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.includes('='))
    .map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim(), url: target.origin };
    })
    .filter((cookie) => cookie.name.length > 0);
}

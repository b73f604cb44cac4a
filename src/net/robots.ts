import { createRequire } from 'node:module';
import { fetchPage, type FetchOptions } from './safe-fetch.js';
import { ExtractionError } from '../contract/extraction-error.js';


/** Pith's product token in robots.txt groups. */
export const ROBOTS_AGENT = 'Pith';
const TTL_MS = 60 * 60 * 1000;
const MAX_ORIGINS = 5_000;

type Rules = { isAllowed(url: string, ua?: string): boolean | undefined; getCrawlDelay?(ua?: string): number | undefined; getSitemaps?(): string[] };
/** RFC 9309 §2.5: a parsing limit of at least 500 KiB; a longer robots.txt is read up to it, not refused. */
export const ROBOTS_MAX_BYTES = 512 * 1024;
// CommonJS `module.exports = fn` whose typings claim an ES default export: load it as what it is.
const robotsParser = createRequire(import.meta.url)('robots-parser') as (url: string, contents: string) => Rules;
const cache = new Map<string, { rules: Rules; until: number }>();

/**
 * robots.txt of the URL's origin, fetched through the same SSRF-guarded fetcher and cached per origin
 * for an hour. RFC 9309: a 4xx robots.txt means no rules; an unreachable one (5xx, network) means
 * complete disallow.
 */
async function rulesFor(url: URL, options: FetchOptions): Promise<Rules> {
  const origin = url.origin;
  const hit = cache.get(origin);
  if (hit && hit.until > Date.now()) return hit.rules;
  const robotsUrl = `${origin}/robots.txt`;
  let rules: Rules;
  try {
    const page = await fetchPage(robotsUrl, { ...options, maxBytes: ROBOTS_MAX_BYTES, truncate: true, timeoutMs: Math.min(options.timeoutMs, 5000) });
    rules = robotsParser(robotsUrl, page.body.toString('utf8'));
  } catch (err) {
    const status = err instanceof ExtractionError ? err.httpStatus : undefined;
    rules = status !== undefined && status >= 400 && status < 500 ? robotsParser(robotsUrl, '') : { isAllowed: () => false };
  }
  if (cache.size >= MAX_ORIGINS) cache.clear();
  cache.set(origin, { rules, until: Date.now() + TTL_MS });
  return rules;
}

export async function robotsAllows(rawUrl: string, options: FetchOptions): Promise<boolean> {
  const url = new URL(rawUrl);
  return (await rulesFor(url, options)).isAllowed(url.href, ROBOTS_AGENT) !== false;
}

/** The origin's `Crawl-delay` for Pith in milliseconds (0 when none); crawls space their requests by it. */
export async function robotsCrawlDelayMs(rawUrl: string, options: FetchOptions): Promise<number> {
  const seconds = (await rulesFor(new URL(rawUrl), options)).getCrawlDelay?.(ROBOTS_AGENT);
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : 0;
}

/** The `Sitemap:` lines of the origin's robots.txt (absolute URLs, as written; none when it has no rules). */
export async function robotsSitemaps(rawUrl: string, options: FetchOptions): Promise<string[]> {
  return (await rulesFor(new URL(rawUrl), options)).getSitemaps?.() ?? [];
}

/** A synchronous robots.txt check for many URLs of one origin (a map filters thousands of links). */
export async function robotsChecker(rawUrl: string, options: FetchOptions): Promise<(url: string) => boolean> {
  const rules = await rulesFor(new URL(rawUrl), options);
  return (url) => rules.isAllowed(url, ROBOTS_AGENT) !== false;
}

import { ExtractionError } from '../contract/extraction-error.js';
import { policyViolation } from '../accounts/key-policy.js';
import { fetchPage } from '../net/safe-fetch.js';
import { gunzipCapped, isGzip } from './gunzip-capped.js';
import { fetchWithinBudget, noteSkip, type MapContext } from './map-context.js';
import { NotASitemapError, parseSitemapXml, type ParsedSitemap } from './sitemap-xml.js';
import { parseSitemapText } from './sitemap-text.js';

/** sitemaps.org: at most 50,000 URLs per file; more is not a sitemap any client is obliged to read. */
const MAX_ENTRIES_PER_FILE = 50_000;

/**
 * One sitemap file, fetched through the SSRF guard within the map's budget, gunzipped with a cap when
 * it is gzip, parsed as XML or, failing that, as a text file of URLs. Every failure is a skip (with its reason), never an exception: one bad file must
 * not lose what the others gave.
 */
export async function readSitemap(url: string, ctx: MapContext): Promise<ParsedSitemap | null> {
  if (policyViolation(ctx.policy, url)) {
    noteSkip(ctx, url, "outside this key's allow_domains / deny_patterns: not fetched");
    return null;
  }
  let raw: Buffer;
  let rawCut: boolean;
  const deadlineBound = ctx.budget.msLeft() < ctx.fetch.timeoutMs;
  try {
    const page = await fetchPage(url, fetchWithinBudget(ctx, Number.MAX_SAFE_INTEGER));
    raw = page.body;
    rawCut = page.truncated === true;
  } catch (err) {
    if (!(err instanceof ExtractionError)) throw err;
    if (err.code === 'target_timeout' && deadlineBound) ctx.budget.expire();
    noteSkip(ctx, url, `${err.code}: ${err.message}`);
    return null;
  }
  let xml = raw;
  let cut = rawCut;
  if (isGzip(raw)) {
    try {
      ({ data: xml, cut } = await gunzipCapped(raw, ctx.budget.bytesLeft()));
    } catch (err) {
      noteSkip(ctx, url, `not valid gzip data (${(err as Error).message})`);
      ctx.budget.spend(raw.length, false);
      return null;
    }
    cut ||= rawCut;
  }
  ctx.budget.spend(xml.length, cut);
  const text = new TextDecoder('utf-8').decode(xml);
  try {
    const parsed = parseSitemapXml(text, MAX_ENTRIES_PER_FILE);
    if (cut) noteSkip(ctx, url, `read in part: the map's byte budget ran out (${parsed.entries.length} entries kept)`);
    else if (parsed.error) noteSkip(ctx, url, `broken XML after ${parsed.entries.length} entries: ${parsed.error}`);
    return parsed;
  } catch (err) {
    if (!(err instanceof NotASitemapError)) throw err;
    // A file cut short ends in a partial line, which is no URL.
    const plain = parseSitemapText(cut ? text.slice(0, text.lastIndexOf('\n') + 1) : text, MAX_ENTRIES_PER_FILE);
    if (plain) {
      if (cut) noteSkip(ctx, url, `read in part: the map's byte budget ran out (${plain.entries.length} entries kept)`);
      return plain;
    }
    noteSkip(ctx, url, `not a sitemap: ${err.message}, nor a text file of URLs`);
    return null;
  }
}

/**
 * Crawl URL normalisation: two spellings of one page must count once (de-duplication) and the page limit
 * must count pages, not spellings. Conservative: only rewrites that never change what a server returns
 * in practice (case of scheme and host, default ports, fragments, tracking parameters, parameter order).
 */

const TRACKING_PARAMETERS = /^(utm_[a-z]+|gclid|dclid|fbclid|msclkid|mc_cid|mc_eid|_ga|yclid|igshid)$/i;

/** Links to these are not pages: a crawl never queues them (saves a fetch that would end in `no_content`). */
const NON_PAGE_EXTENSIONS =
  /\.(png|jpe?g|gif|webp|svg|ico|bmp|tiff?|avif|mp[34]|m4[av]|mov|avi|webm|ogg|wav|flac|pdf|zip|gz|tgz|bz2|xz|7z|rar|tar|exe|dmg|msi|deb|rpm|apk|iso|css|js|mjs|json|xml|rss|atom|woff2?|ttf|otf|eot|docx?|xlsx?|pptx?|csv)$/i;

export function normalizeCrawlUrl(raw: string, base?: string): string | null {
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

/**
 * Documents Pith extracts that crawls otherwise skip as files: followed only when asked (`include_documents`).
 * (`.txt` and `.md` are not skipped in the first place.)
 */
const DOCUMENT_EXTENSIONS = /\.(pdf|docx)$/i;

export function looksLikePage(url: string, includeDocuments = false): boolean {
  const path = new URL(url).pathname;
  if (includeDocuments && DOCUMENT_EXTENSIONS.test(path)) return true;
  return !NON_PAGE_EXTENSIONS.test(path);
}

const withoutWww = (host: string) => host.replace(/^www\./, '');

/**
 * Same site as the crawl's start: the same host (`www.` ignored, either scheme), or with
 * `allow_subdomains` any subdomain of it. Without a public-suffix list this never widens to siblings
 * (`blog.example.com` does not admit `shop.example.com` unless the crawl started at `example.com`).
 */
export function sameSite(url: string, startUrl: string, allowSubdomains: boolean): boolean {
  const host = withoutWww(new URL(url).hostname);
  const start = withoutWww(new URL(startUrl).hostname);
  return host === start || (allowSubdomains && host.endsWith(`.${start}`));
}

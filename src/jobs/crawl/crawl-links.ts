/** Which links a crawl may follow: pages (not files), on the start page's site. */

/** Links to these are not pages: a crawl never queues them (saves a fetch that would end in `no_content`). */
const NON_PAGE_EXTENSIONS =
  /\.(png|jpe?g|gif|webp|svg|ico|bmp|tiff?|avif|mp[34]|m4[av]|mov|avi|webm|ogg|wav|flac|pdf|zip|gz|tgz|bz2|xz|7z|rar|tar|exe|dmg|msi|deb|rpm|apk|iso|css|js|mjs|json|xml|rss|atom|woff2?|ttf|otf|eot|docx?|xlsx?|pptx?|csv)$/i;

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

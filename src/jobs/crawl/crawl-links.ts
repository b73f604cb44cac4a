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

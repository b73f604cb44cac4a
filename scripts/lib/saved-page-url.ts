import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The address of a saved benchmark page, as the service would know it: the page's own canonical or
 * og:url, else a placeholder. Extraction reads the address (page kind, article-like paths), so the
 * scripts that measure it pass the closest thing to the real one.
 */
export function savedPageUrl(html: string, id: string): string {
  const canonical =
    /<link[^>]+rel=["']canonical["'][^>]*href=["']([^"']+)["']/i.exec(html)?.[1] ??
    /<meta[^>]+property=["']og:url["'][^>]*content=["']([^"']+)["']/i.exec(html)?.[1];
  try {
    if (canonical) return new URL(canonical).href;
  } catch {
    /* relative or malformed: fall through */
  }
  return `https://page.invalid/${id}`;
}

const scrapinghubAddresses = new Map<string, Record<string, { url?: string }>>();

/** The two layouts a set records its pages' addresses in: WCXB's one file a page, scrapinghub's one file. */
const wcxbFolderOf = (setFolder: string) => path.join(setFolder, 'ground-truth');
const scrapinghubFileOf = (setFolder: string) => path.join(setFolder, 'ground-truth.json');

/** Whether `setFolder` is laid out as a set that records its pages' addresses (recordedPageUrl can read it). */
export function recordsAddresses(setFolder: string): boolean {
  return existsSync(wcxbFolderOf(setFolder)) || existsSync(scrapinghubFileOf(setFolder));
}

/**
 * The address a benchmark set records for a page, the one it was fetched from: WCXB's `url` in
 * `ground-truth/<id>.json`, scrapinghub's in `ground-truth.json`. The service always has it (the caller
 * gives it), and the shared peer script passes it to the peers (`--url-from`), so a page measured with it
 * is measured as the service would read it; the page's own canonical or og:url may name another address
 * (a home page, a category the page was moved from), and 105 of WCXB dev's pages name none. Null when the
 * set records none for the page.
 */
export function recordedPageUrl(setFolder: string, id: string): string | null {
  let url: string | undefined;
  const wcxbFile = path.join(wcxbFolderOf(setFolder), `${id}.json`);
  const scrapinghubFile = scrapinghubFileOf(setFolder);
  if (existsSync(wcxbFile)) url = (JSON.parse(readFileSync(wcxbFile, 'utf8')) as { url?: string }).url;
  else if (existsSync(scrapinghubFile)) {
    let all = scrapinghubAddresses.get(scrapinghubFile);
    if (!all) scrapinghubAddresses.set(scrapinghubFile, (all = JSON.parse(readFileSync(scrapinghubFile, 'utf8')) as Record<string, { url?: string }>));
    url = all[id]?.url;
  }
  try {
    return url ? new URL(url).href : null;
  } catch {
    return null;
  }
}

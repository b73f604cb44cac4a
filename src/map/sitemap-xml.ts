import { SaxesParser } from 'saxes';

/** One `<url>` of a urlset or one `<sitemap>` of an index, as the file gives it. */
export interface SitemapEntry {
  loc: string;
  lastmod?: string;
  /** `<news:title>` (Google News sitemaps): the only page title a sitemap can carry. */
  title?: string;
}

export interface ParsedSitemap {
  kind: 'urlset' | 'sitemapindex';
  entries: SitemapEntry[];
  /** Set when the XML broke off or went wrong after some entries: those entries are kept. */
  error?: string;
}

/** The file is not a sitemap at all (HTML, JSON, plain text, another XML vocabulary, broken before its root). */
export class NotASitemapError extends Error {
  override name = 'NotASitemapError';
}

// W3C Datetime as sitemaps.org allows it (YYYY, YYYY-MM, YYYY-MM-DD, with time and zone); anything else is dropped.
const W3C_DATETIME = /^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/;
const localName = (name: string) => name.slice(name.indexOf(':') + 1).toLowerCase();
const CHUNK = 64 * 1024;

/**
 * Parses a sitemap (sitemaps.org urlset or sitemapindex) with saxes, a streaming, non-validating parser:
 * no DTDs, no external or custom entities (so no entity expansion bombs). Namespaces are matched by local
 * name, because real sitemaps get their namespace wrong often enough. Stops after `maxEntries`.
 */
export function parseSitemapXml(xml: string, maxEntries: number): ParsedSitemap {
  const parser = new SaxesParser({ xmlns: false, position: false });
  let kind: ParsedSitemap['kind'] | undefined;
  const entries: SitemapEntry[] = [];
  const path: string[] = [];
  let entry: SitemapEntry | undefined;
  let text = '';
  let full = false;

  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (path.length === 0) {
      if (name !== 'urlset' && name !== 'sitemapindex') throw new NotASitemapError(`root element <${tag.name}> is not <urlset> or <sitemapindex>`);
      kind = name;
    } else if (path.length === 1 && (name === 'url' || name === 'sitemap')) {
      entry = { loc: '' };
    }
    path.push(name);
    text = '';
  });
  const onText = (chunk: string) => {
    // Only the text of leaf fields is kept; a huge text node elsewhere is not accumulated.
    if (entry && text.length < 8192) text += chunk;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    path.pop();
    if (entry && path.length === 2) {
      const value = text.trim();
      if (name === 'loc') entry.loc = value;
      else if (name === 'lastmod' && W3C_DATETIME.test(value)) entry.lastmod = value;
    } else if (entry && name === 'title' && path.at(-1) === 'news' && text.trim()) {
      entry.title = text.trim().slice(0, 500);
    } else if (entry && path.length === 1) {
      if (entry.loc) entries.push(entry);
      entry = undefined;
      if (entries.length >= maxEntries) {
        full = true;
        throw new EnoughEntries();
      }
    }
    text = '';
  });

  try {
    for (let at = 0; at < xml.length; at += CHUNK) parser.write(xml.slice(at, at + CHUNK));
    parser.close();
  } catch (err) {
    if (err instanceof NotASitemapError) throw err;
    if (!(err instanceof EnoughEntries) || !full) {
      if (!kind) throw new NotASitemapError(`not XML (${firstLine(err)})`);
      return { kind, entries, error: firstLine(err) };
    }
  }
  if (!kind) throw new NotASitemapError('no XML element found');
  return { kind, entries };
}

class EnoughEntries extends Error {}

function firstLine(err: unknown): string {
  return String((err as Error).message ?? err).split('\n')[0]!.slice(0, 200);
}

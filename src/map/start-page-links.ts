import { ExtractionError } from '../contract/extraction-error.js';
import { decodeBody } from '../extraction/decode.js';
import { parseDocument } from '../extraction/dom/dom.js';
import { elementsByTag } from '../extraction/dom/dom-walk.js';
import { fetchPage } from '../net/safe-fetch.js';
import { fetchWithinBudget, type MapContext } from './map-context.js';

export interface PageLink {
  href: string;
  /** The anchor's text (or its `title` attribute), collapsed; absent when it has none. */
  title?: string;
}

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)$/i;

/**
 * The links of the start page with their anchor text, relative ones resolved against the page's final
 * URL. A failure is thrown as the page's ExtractionError: the caller decides whether the map can stand
 * without the page.
 */
export async function startPageLinks(url: string, ctx: MapContext, maxBytes: number): Promise<{ url: string; links: PageLink[] }> {
  const page = await fetchPage(url, fetchWithinBudget(ctx, maxBytes));
  ctx.budget.spend(page.body.length, false);
  const type = page.contentType.split(';')[0]?.trim() ?? '';
  if (type && !HTML_TYPES.test(type)) throw new ExtractionError('no_content', `${page.url} is ${type}, not an HTML page: it has no links to list`);
  const document = parseDocument(decodeBody(page.body, page.headerCharset));
  const root = document.documentElement as unknown as Element | null;
  if (!root) return { url: page.url, links: [] };
  const links: PageLink[] = [];
  for (const anchor of elementsByTag(root, 'A')) {
    const href = anchor.getAttribute('href')?.trim();
    if (!href) continue;
    const text = (anchor.textContent ?? '').replace(/\s+/g, ' ').trim() || anchor.getAttribute('title')?.trim() || '';
    links.push(text ? { href, title: text.slice(0, 300) } : { href });
  }
  return { url: page.url, links };
}

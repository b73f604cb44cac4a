import { ExtractionError } from './errors.js';
import { decodeBody } from './decode.js';
import { extractHtml, type ExtractOptions } from './extract.js';
import { fetchPage, type FetchOptions } from './safe-fetch.js';
import type { ExtractedContent } from './types.js';

export { ExtractionError } from './errors.js';
export type { ExtractedContent, Format } from './types.js';
export { ALL_FORMATS } from './types.js';

export type ExtractUrlOptions = FetchOptions & ExtractOptions;

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)$/i;

/** Fetches one URL and extracts its main content. Throws ExtractionError with a contract code on failure. */
export async function extractUrl(url: string, options: ExtractUrlOptions): Promise<Partial<ExtractedContent>> {
  const page = await fetchPage(url, options);
  const type = page.contentType.split(';')[0]?.trim() ?? '';
  // A missing Content-Type is sniffed as HTML (browsers do the same for markup).
  if (type && !HTML_TYPES.test(type)) {
    throw new ExtractionError('no_content', `${page.url} is ${type}, not an HTML page; Pith extracts HTML documents`);
  }
  const html = decodeBody(page.body, page.headerCharset);
  return extractHtml(html, page.url, options).content;
}

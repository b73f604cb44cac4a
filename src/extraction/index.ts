import { ExtractionError } from './errors.js';
import { decodeBody } from './decode.js';
import { extractContent, type ExtractOptions } from './extract.js';
import { fetchPage, type FetchOptions } from './safe-fetch.js';
import type { ExtractedContent } from './types.js';

export { ExtractionError } from './errors.js';
export type { ExtractedContent } from './types.js';

export type ExtractUrlOptions = FetchOptions & ExtractOptions;

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)\b/i;

/** Fetches one URL and extracts its main content. Throws ExtractionError with a contract code on failure. */
export async function extractUrl(url: string, options: ExtractUrlOptions): Promise<ExtractedContent> {
  const page = await fetchPage(url, options);
  const type = page.contentType.split(';')[0]?.trim() ?? '';
  if (type && !HTML_TYPES.test(type)) {
    throw new ExtractionError('no_content', `${page.url} is ${type}, not an HTML page`);
  }
  const html = decodeBody(page.body, page.headerCharset);
  return extractContent(html, page.url, options);
}

import { ExtractionError } from '../contract/extraction-error.js';
import { decodeBody } from './decode.js';
import type { ExtractOptions } from './extract.js';
import { fetchPage, type FetchOptions } from '../net/safe-fetch.js';
import { inlineExtractor, type HtmlExtractor } from './threads/thread-pool.js';
import { RenderUnavailableError, type BrowserPool } from './render/index.js';
import type { ExtractedContent } from './types.js';
import { ROBOTS_AGENT, robotsAllows } from '../net/robots.js';

export type { ExtractedContent } from './types.js';
import type { RobotsMode } from '../contract/vocabulary.js';
export type { Format } from '../contract/vocabulary.js';

export interface ExtractUrlOptions extends FetchOptions, ExtractOptions {
  /** Render the page in Chromium first (`render_js=true`). */
  renderJs?: boolean;
  renderer?: BrowserPool;
  /** Where the CPU-bound half runs (worker threads in the services; inline by default). */
  extractor?: HtmlExtractor;
  /** robots.txt: `strict` refuses a disallowed URL, `advisory` extracts and reports `metadata.robots_allowed`. */
  robots?: RobotsMode;
}

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)$/i;

async function loadHtml(url: string, options: ExtractUrlOptions): Promise<{ url: string; html: string }> {
  if (options.renderJs) {
    if (!options.renderer) throw new ExtractionError('js_rendering_unavailable', 'JS rendering is not configured on this server');
    try {
      const page = await options.renderer.render(url, {
        allowPrivate: options.allowPrivate,
        timeoutMs: options.timeoutMs,
        userAgent: options.userAgent,
      });
      return { url: page.url, html: page.html };
    } catch (err) {
      if (err instanceof RenderUnavailableError) throw new ExtractionError('js_rendering_unavailable', err.message);
      throw err;
    }
  }
  const page = await fetchPage(url, options);
  const type = page.contentType.split(';')[0]?.trim() ?? '';
  // A missing Content-Type is sniffed as HTML (browsers do the same for markup).
  if (type && !HTML_TYPES.test(type)) {
    throw new ExtractionError('no_content', `${page.url} is ${type}, not an HTML page; Pith extracts HTML documents`);
  }
  return { url: page.url, html: decodeBody(page.body, page.headerCharset) };
}

/** Fetches (or renders) one URL and extracts its main content. Throws ExtractionError with a contract code on failure. */
export async function extractUrl(url: string, options: ExtractUrlOptions): Promise<Partial<ExtractedContent>> {
  let robotsAllowed: boolean | null = null;
  if (options.robots && options.robots !== 'off') {
    robotsAllowed = await robotsAllows(url, options);
    if (!robotsAllowed && options.robots === 'strict') {
      throw new ExtractionError('robots_disallowed', `robots.txt of ${new URL(url).origin} disallows ${url} for ${ROBOTS_AGENT}`);
    }
  }
  const page = await loadHtml(url, options);
  const extractor = options.extractor ?? inlineExtractor;
  const extractOptions: ExtractOptions = {
    ...(options.formats ? { formats: options.formats } : {}),
    ...(options.chunkTokens ? { chunkTokens: options.chunkTokens } : {}),
    ...(options.retrievedAt ? { retrievedAt: options.retrievedAt } : {}),
  };
  const content = await extractor.extract(page.html, page.url, extractOptions);
  if (content.metadata) content.metadata.robots_allowed = robotsAllowed;
  return content;
}

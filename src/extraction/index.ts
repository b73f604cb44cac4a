import { ExtractionError } from '../contract/extraction-error.js';
import { decodeBody } from './decode.js';
import type { ExtractOptions } from './extract.js';
import { fetchPage, type FetchOptions } from '../net/safe-fetch.js';
import { inlineExtractor, type HtmlExtractor } from './threads/thread-pool.js';
import { RenderUnavailableError, type BrowserPool } from './render/index.js';
import type { ExtractedContent } from './types.js';
import { sniffBody } from './documents/sniff.js';
import type { DocumentKind } from './documents/index.js';
import { documentOversize } from './documents/oversize.js';
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

type LoadedPage = { url: string; html: string } | { url: string; document: Uint8Array; kind: DocumentKind };

async function loadPage(url: string, options: ExtractUrlOptions): Promise<LoadedPage> {
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
  const page = await fetchPage(url, { ...options, oversizeError: documentOversize });
  // The Content-Type, then the body's signature, picks the path; a missing type is sniffed as HTML (as browsers do).
  const { kind, type } = sniffBody(page.contentType, page.body);
  if (!kind) throw new ExtractionError('no_content', `${page.url} is ${type || 'of an unknown type'}; Pith extracts HTML pages, PDF, DOCX, plain text and markdown`);
  if (kind !== 'html') return { url: page.url, document: page.body, kind };
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
  const page = await loadPage(url, options);
  const extractor = options.extractor ?? inlineExtractor;
  const extractOptions: ExtractOptions = {
    ...(options.formats ? { formats: options.formats } : {}),
    ...(options.chunkTokens ? { chunkTokens: options.chunkTokens } : {}),
    ...(options.retrievedAt ? { retrievedAt: options.retrievedAt } : {}),
    ...(options.selectors ? { selectors: options.selectors } : {}),
  };
  const content = 'html' in page ? await extractor.extract(page.html, page.url, extractOptions) : await extractor.extractDocument(page.document, page.kind, page.url, extractOptions);
  if (content.metadata) content.metadata.robots_allowed = robotsAllowed;
  return content;
}

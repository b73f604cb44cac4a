import { ExtractionError } from '../contract/extraction-error.js';
import { decodeBody } from './decode.js';
import type { ExtractOptions } from './extract.js';
import { fetchPage, type FetchOptions, type Validators } from '../net/safe-fetch.js';
import { inlineExtractor, type HtmlExtractor } from './threads/thread-pool.js';
import { RenderUnavailableError, type BrowserPool, type RenderedPage } from './render/index.js';
import type { BrowserSession, CapturedImage } from './render/browser-session.js';
import { appShellVerdict } from './render/app-shell.js';
import type { ExtractedContent } from './types.js';
import { sniffBody } from './documents/sniff.js';
import type { DocumentKind } from './documents/index.js';
import { documentOversize } from './documents/oversize.js';
import { ROBOTS_AGENT, robotsAllows } from '../net/robots.js';

export type { ExtractedContent } from './types.js';
import { timePhase } from '../observability/phases.js';
import type { RobotsMode } from '../contract/vocabulary.js';
export type { Format } from '../contract/vocabulary.js';

/** `true` renders every page, `false` none, `auto` only a fetched page that is an app shell (render/app-shell.ts). */
export type RenderMode = boolean | 'auto';

export interface ExtractUrlOptions extends FetchOptions, ExtractOptions {
  /** Render the page in Chromium first (`render_js`). */
  renderJs?: RenderMode;
  renderer?: BrowserPool;
  /** Viewport, headers, actions, `wait_for`, screenshots: only with rendering (the headers also go to the fetch). */
  session?: BrowserSession;
  /** Where the CPU-bound half runs (worker threads in the services; inline by default). */
  extractor?: HtmlExtractor;
  /** robots.txt: `strict` refuses a disallowed URL, `advisory` extracts and reports `metadata.robots_allowed`. */
  robots?: RobotsMode;
}

/** A page's content and what the browser captured on the way. */
export interface PageExtraction {
  content: Partial<ExtractedContent>;
  rendered: boolean;
  screenshots: CapturedImage[];
  /** The markdown of the page at each `scrape` action (empty when that DOM had no main content). */
  scrapes: { actionIndex: number; url: string; markdown: string }[];
  /** The fetched response's validators (none for a rendered page). */
  validators: Validators;
  /** With `validators` in the options: the server answered 304, so nothing was extracted (`content` is empty). */
  notModified: boolean;
}

/** A page to extract: rendered (its DOM as text), fetched HTML (bytes: decoded where it is extracted), a document, or unchanged. */
type LoadedPage = (
  | { url: string; html: string; rendered: RenderedPage }
  | { url: string; body: Buffer; headerCharset: string | undefined }
  | { url: string; document: Uint8Array; kind: DocumentKind }
  | { url: string; notModified: true }
) & {
  validators?: Validators;
};

async function render(url: string, options: ExtractUrlOptions): Promise<RenderedPage> {
  if (!options.renderer) throw new ExtractionError('js_rendering_unavailable', 'JS rendering is not configured on this server');
  try {
    return await options.renderer.render(url, {
      allowPrivate: options.allowPrivate,
      timeoutMs: options.timeoutMs,
      userAgent: options.userAgent,
      ...(options.session ? { session: options.session } : {}),
    });
  } catch (err) {
    if (err instanceof RenderUnavailableError) throw new ExtractionError('js_rendering_unavailable', err.message);
    throw err;
  }
}

async function loadPage(url: string, options: ExtractUrlOptions): Promise<LoadedPage> {
  if (options.renderJs === true) {
    const page = await render(url, options);
    return { url: page.url, html: page.html, rendered: page };
  }
  const page = await fetchPage(url, { ...options, oversizeError: documentOversize, ...(options.session?.headers ? { originHeaders: options.session.headers } : {}) });
  if (page.notModified) return { url: page.url, notModified: true, validators: page.validators };
  const { validators } = page;
  // The Content-Type, then the body's signature, picks the path; a missing type is sniffed as HTML (as browsers do).
  const { kind, type } = sniffBody(page.contentType, page.body);
  if (!kind) throw new ExtractionError('no_content', `${page.url} is ${type || 'of an unknown type'}; Pith extracts HTML pages, PDF, DOCX, plain text and markdown`);
  if (kind !== 'html') return { url: page.url, document: page.body, kind, validators };
  return { url: page.url, body: page.body, headerCharset: page.headerCharset, validators };
}

/** `auto`: the browser only for an app shell, and only when it is up; otherwise the fetched page stands. */
const shellCheckOf = (options: ExtractUrlOptions): boolean => options.renderJs === 'auto' && options.renderer?.available() === true;

/** An app shell's rendering, within the fetch phase; undefined when the browser fails (the fetched page stands). */
const renderShell = (url: string, options: ExtractUrlOptions): Promise<RenderedPage | undefined> =>
  timePhase('fetch', () => render(url, options).catch(() => undefined));

/**
 * A fetched HTML page's content, decoded and checked for an app shell where it is extracted (an
 * extraction thread): the main thread never holds the page as text. A page's HTML is often hundreds of
 * KB; as a string on the main thread it went straight to V8's large-object space and stayed there until
 * a full collection — in the soak up to 116–185 MB of the worker's main heap was such pages, already
 * extracted. Answers the rendering too when `auto` found an app shell and the browser rendered it.
 */
async function extractFetched(page: { url: string; body: Buffer; headerCharset: string | undefined }, options: ExtractUrlOptions, extractor: HtmlExtractor, extractOptions: ExtractOptions, wantsContent: boolean): Promise<{ content: Partial<ExtractedContent>; rendered?: RenderedPage }> {
  const shellCheck = shellCheckOf(options);
  if (!wantsContent) {
    // A screenshot alone: nothing to extract, but `auto` still decides whether the browser runs.
    const rendered = shellCheck && appShellVerdict(decodeBody(page.body, page.headerCharset)).shell ? await renderShell(page.url, options) : undefined;
    return { content: {}, ...(rendered ? { rendered } : {}) };
  }
  const extracted = await extractor.extractBody(page, page.url, extractOptions, shellCheck);
  if (!('appShell' in extracted)) return { content: extracted };
  const rendered = await renderShell(page.url, options);
  if (rendered) return { content: await extractor.extract(rendered.html, rendered.url, extractOptions), rendered };
  return { content: (await extractor.extractBody(page, page.url, extractOptions, false)) as Partial<ExtractedContent> };
}

/**
 * robots.txt for `url` in the options' mode: null when not consulted (`off`), else whether it allows the
 * URL; `strict` throws `robots_disallowed` instead of answering false.
 */
export async function robotsVerdict(url: string, options: ExtractUrlOptions): Promise<boolean | null> {
  if (!options.robots || options.robots === 'off') return null;
  const allowed = await robotsAllows(url, options);
  if (!allowed && options.robots === 'strict') {
    throw new ExtractionError('robots_disallowed', `robots.txt of ${new URL(url).origin} disallows ${url} for ${ROBOTS_AGENT}`);
  }
  return allowed;
}

/** Fetches (or renders) one URL and extracts its main content, with the browser's captures. Throws ExtractionError with a contract code on failure. */
export async function extractPage(url: string, options: ExtractUrlOptions): Promise<PageExtraction> {
  const robotsAllowed = await timePhase('robots', () => robotsVerdict(url, options));
  const page = await timePhase('fetch', () => loadPage(url, options));
  if ('notModified' in page) return { content: {}, rendered: false, screenshots: [], scrapes: [], validators: page.validators ?? {}, notModified: true };
  const extractor = options.extractor ?? inlineExtractor;
  const extractOptions: ExtractOptions = {
    ...(options.formats ? { formats: options.formats } : {}),
    ...(options.chunkTokens ? { chunkTokens: options.chunkTokens } : {}),
    ...(options.retrievedAt ? { retrievedAt: options.retrievedAt } : {}),
    ...(options.selectors ? { selectors: options.selectors } : {}),
  };
  // No content format asked for (a screenshot alone): the page is not extracted, and cannot be `no_content`.
  const wantsContent = options.formats === undefined || options.formats.length > 0;
  let content: Partial<ExtractedContent> = {};
  let rendered: RenderedPage | undefined;
  if ('body' in page) {
    ({ content, rendered } = await extractFetched(page, options, extractor, extractOptions, wantsContent));
  } else if ('html' in page) {
    rendered = page.rendered;
    if (wantsContent) content = await extractor.extract(page.html, page.url, extractOptions);
  } else if (wantsContent) {
    content = await extractor.extractDocument(page.document, page.kind, page.url, extractOptions);
  }
  if (content.metadata) {
    content.metadata.robots_allowed = robotsAllowed;
    if (options.renderJs !== undefined && options.renderJs !== false) content.metadata.rendered = rendered !== undefined;
  }
  const scrapes = await Promise.all(
    (rendered?.scrapes ?? []).map(async (scrape) => ({
      actionIndex: scrape.actionIndex,
      url: scrape.url,
      markdown: await extractor
        .extract(scrape.html, scrape.url, { formats: ['markdown'], ...(options.selectors ? { selectors: options.selectors } : {}) })
        .then((extracted) => extracted.markdown ?? '')
        .catch((err: unknown) => {
          if (err instanceof ExtractionError && err.code === 'no_content') return '';
          throw err;
        }),
    })),
  );
  // A rendered page has no validators of its own (an `auto` rendering replaced the fetched response).
  return { content, rendered: rendered !== undefined, screenshots: rendered?.screenshots ?? [], scrapes, validators: rendered ? {} : (page.validators ?? {}), notModified: false };
}

/** Fetches (or renders) one URL and extracts its main content. Throws ExtractionError with a contract code on failure. */
export async function extractUrl(url: string, options: ExtractUrlOptions): Promise<Partial<ExtractedContent>> {
  return (await extractPage(url, options)).content;
}

import TurndownService from 'turndown';
import { ExtractionError } from './errors.js';
import { countTokens, decode, encode } from './tokens.js';
import type { Block, BlockType, Chunk, ExtractedContent, Metadata, Metrics } from './types.js';
import { parseDocument, type DomDocument, type DomElement } from './dom.js';
import { findMainContent } from './main-content.js';
import { plainText } from './text.js';

export interface ExtractOptions {
  /** Token bound per chunk (decisions: default 512, 64–8192). */
  chunkTokens?: number;
  retrievedAt?: Date;
}

const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '_' });
turndown.remove(['script', 'style', 'noscript', 'template']);


function meta(document: DomDocument, ...selectors: string[]): string | null {
  for (const selector of selectors) {
    const value = document.querySelector(selector)?.getAttribute('content')?.trim();
    if (value) return value;
  }
  return null;
}

function isoDate(value: string | null): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function absolute(href: string | null | undefined, base: string): string | null {
  if (!href) return null;
  try {
    return new URL(href, base).href;
  } catch {
    return null;
  }
}

function readMetadata(document: DomDocument, pageUrl: string, retrievedAt: Date): Metadata {
  const canonical = absolute(document.querySelector('link[rel="canonical"]')?.getAttribute('href'), pageUrl);
  return {
    title: meta(document, 'meta[property="og:title"]') ?? (document.querySelector('title')?.textContent?.trim() || null),
    author: meta(document, 'meta[name="author"]', 'meta[property="article:author"]'),
    date: isoDate(meta(document, 'meta[property="article:published_time"]', 'meta[name="date"]', 'meta[itemprop="datePublished"]')),
    url: canonical ?? pageUrl,
    retrieved_at: retrievedAt.toISOString(),
  };
}

/** Links and images made absolute against the page URL, so the markdown stands on its own. */
function absolutise(root: DomElement, base: string): void {
  for (const [selector, attribute] of [['a[href]', 'href'], ['img[src]', 'src']] as const) {
    for (const element of root.querySelectorAll(selector)) {
      const resolved = absolute(element.getAttribute(attribute), base);
      if (resolved) element.setAttribute(attribute, resolved);
    }
  }
}

function collectLinks(root: DomElement): string[] {
  const seen = new Set<string>();
  for (const anchor of root.querySelectorAll('a[href]')) {
    const href = anchor.getAttribute('href') ?? '';
    if (/^https?:\/\//i.test(href)) seen.add(href.replace(/#.*$/, ''));
  }
  return [...seen];
}

const BLOCK_SELECTOR = 'h1,h2,h3,h4,h5,h6,p,li,pre,blockquote,table,img';

function collectBlocks(root: DomElement): Block[] {
  const blocks: Block[] = [];
  for (const element of root.querySelectorAll(BLOCK_SELECTOR)) {
    const tag = element.tagName.toLowerCase();
    // A block nested in another collected block (a <p> in a <li>, a <pre> in a <blockquote>) is part of its parent.
    if (element.parentElement?.closest('li,pre,blockquote,table')) continue;
    let type: BlockType;
    let level = 0;
    let text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (/^h[1-6]$/.test(tag)) {
      type = 'heading';
      level = Number(tag[1]);
    } else if (tag === 'li') {
      type = 'list_item';
      let depth = 0;
      for (let node = element.parentElement; node; node = node.parentElement) if (/^(ul|ol)$/i.test(node.tagName)) depth++;
      level = Math.max(1, depth);
    } else if (tag === 'pre') {
      type = 'code';
      text = (element.textContent ?? '').replace(/\n+$/, '');
    } else if (tag === 'blockquote') type = 'quote';
    else if (tag === 'table') type = 'table';
    else if (tag === 'img') {
      type = 'image';
      text = element.getAttribute('alt')?.trim() || element.getAttribute('src') || '';
    } else type = 'paragraph';
    if (text) blocks.push({ type, text, level });
  }
  return blocks;
}

/** Fixed token windows over the markdown's own token sequence: offsets are exact and contiguous. */
function chunkTokens(markdown: string, bound: number): { chunks: Chunk[]; total: number } {
  const tokens = encode(markdown);
  const chunks: Chunk[] = [];
  for (let start = 0; start < tokens.length; start += bound) {
    const end = Math.min(tokens.length, start + bound);
    chunks.push({ text: decode(tokens.subarray(start, end)), start_token: start, end_token: end });
  }
  return { chunks, total: tokens.length };
}

function metricsFor(markdown: string, inputTokens: number, outputTokens: number): Metrics {
  const saved = Math.max(0, inputTokens - outputTokens);
  return {
    content_bytes: Buffer.byteLength(markdown, 'utf8'),
    input_tokens: inputTokens,
    output_tokens: outputTokens,
    tokens_saved: saved,
    reduction_pct: inputTokens > 0 ? Math.round((1000 * saved) / inputTokens) / 10 : 0,
  };
}

export interface Extraction {
  content: ExtractedContent;
  /** Plain text of the main content (benchmarks and search indexing). */
  text: string;
}

/** HTML text of a fetched page in, the result entry's content fields out. An empty extraction is `no_content`. */
export function extractHtml(html: string, pageUrl: string, options: ExtractOptions = {}): Extraction {
  const retrievedAt = options.retrievedAt ?? new Date();
  const document = parseDocument(html);
  const metadata = readMetadata(document, pageUrl, retrievedAt);

  const main = findMainContent(document, pageUrl);
  if (!main) throw new ExtractionError('no_content', `No main content found on ${pageUrl}`);
  const root = main.root;
  absolutise(root, pageUrl);

  const markdown = turndown.turndown(root as unknown as HTMLElement).trim();
  if (!markdown) throw new ExtractionError('no_content', `No main content found on ${pageUrl}`);
  if (!metadata.title && main.title) metadata.title = main.title;
  if (!metadata.author && main.byline) metadata.author = main.byline;

  const { chunks, total: outputTokens } = chunkTokens(markdown, options.chunkTokens ?? 512);
  const content: ExtractedContent = {
    markdown,
    html: root.innerHTML.trim(),
    links: collectLinks(root),
    blocks: collectBlocks(root),
    chunks,
    metadata,
    metrics: metricsFor(markdown, countTokens(html), outputTokens),
  };
  return { content, text: plainText(root) };
}

export function extractContent(html: string, pageUrl: string, options: ExtractOptions = {}): ExtractedContent {
  return extractHtml(html, pageUrl, options).content;
}

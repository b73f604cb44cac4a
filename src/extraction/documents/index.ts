import { ExtractionError } from '../../contract/extraction-error.js';
import { DEFAULT_CHUNK_TOKENS } from '../../contract/limits.js';
import { ALL_FORMATS } from '../../contract/vocabulary.js';
import { fragmentBody, type DomElement } from '../dom/dom.js';
import { normalizedText } from '../dom/dom-walk.js';
import { plainText } from '../dom/text.js';
import type { ExtractOptions, Extraction } from '../extract.js';
import { metricsFor } from '../output/metrics.js';
import { collectBlocks } from '../output/blocks.js';
import { chunkMarkdown } from '../output/chunks.js';
import { ensureLeadHeading } from '../output/lead-heading.js';
import { absolutiseContent, collectLinks } from '../output/links.js';
import { toMarkdown } from '../output/markdown.js';
import { countTokens } from '../tokens/tokens.js';
import type { ExtractedContent, Metadata } from '../types.js';
import { DOCUMENT_CAPS } from './caps.js';
import { htmlOfDocx } from './docx.js';
import { htmlOfBlocks } from './html-of-blocks.js';
import { parsePdf } from './pdf.js';
import type { BodyKind } from './sniff.js';
import { htmlOfMarkdown, htmlOfPlainText } from './text.js';

export type DocumentKind = Exclude<BodyKind, 'html'>;

/** A document read into HTML, with what the file itself says about it. */
interface DocumentSource {
  html: string;
  /** The document's raw text (`input_tokens` counts it). */
  rawText: string;
  /** Markdown passed through as is (text/markdown). */
  markdown?: string;
  links?: string[];
  title?: string | null;
  author?: string | null;
  date?: string | null;
  pages?: number;
}

async function readDocument(body: Uint8Array, kind: DocumentKind, withLinks: boolean): Promise<DocumentSource> {
  if (body.byteLength > DOCUMENT_CAPS.maxBytes) throw new ExtractionError('document_too_large', `The document is ${body.byteLength} bytes; Pith reads documents up to ${DOCUMENT_CAPS.maxBytes} bytes`);
  if (kind === 'pdf') {
    const pdf = await parsePdf(body, { withLinks });
    return { html: htmlOfBlocks(pdf.blocks), rawText: pdf.rawText, links: pdf.links, title: pdf.title, author: pdf.author, date: pdf.date, pages: pdf.pages };
  }
  if (kind === 'docx') {
    const html = await htmlOfDocx(body);
    return { html, rawText: plainText(fragmentBody(html)) };
  }
  const text = new TextDecoder('utf-8').decode(body);
  if (text.length > DOCUMENT_CAPS.maxTextChars) throw new ExtractionError('document_too_large', `The document holds more than ${DOCUMENT_CAPS.maxTextChars} characters of text`);
  if (kind === 'markdown') return { html: htmlOfMarkdown(text), rawText: text, markdown: text.trim() };
  return { html: htmlOfPlainText(text), rawText: text };
}

/**
 * A document (PDF, DOCX, plain text, markdown) → the result entry's content fields. The whole document is
 * the content (no main-content pass); markdown, html, blocks and chunks come from the web page's renderers.
 */
export async function extractDocument(body: Uint8Array, kind: DocumentKind, url: string, options: ExtractOptions = {}): Promise<Extraction> {
  const wants = new Set(options.formats ?? ALL_FORMATS);
  const source = await readDocument(body, kind, wants.has('links'));
  const root = fragmentBody(source.html);
  absolutiseContent(root, url);
  const firstHeading = root.querySelector('h1, h2, h3');
  const title = source.title ?? (firstHeading ? normalizedText(firstHeading as unknown as Element) : null);
  // Passed-through markdown is the caller's own text: no heading is added to it (nor to its html and blocks).
  if (source.markdown === undefined) ensureLeadHeading(root, { pageH1s: [], title });
  const markdown = source.markdown ?? toMarkdown(root);
  if (!markdown.trim()) throw new ExtractionError('no_content', `The ${kind === 'pdf' ? 'PDF' : kind === 'docx' ? 'DOCX' : 'document'} at ${url} has no text`);

  const metadata: Metadata = {
    title,
    author: source.author ?? null,
    date: source.date ?? null,
    url,
    retrieved_at: (options.retrievedAt ?? new Date()).toISOString(),
    robots_allowed: null,
    ...(source.pages !== undefined ? { pages: source.pages } : {}),
  };
  const content: Partial<ExtractedContent> = {};
  if (wants.has('markdown')) content.markdown = markdown;
  if (wants.has('html')) content.html = (root as unknown as Element).innerHTML.trim();
  if (wants.has('links')) content.links = source.links ?? collectLinks(root, url);
  if (wants.has('blocks')) content.blocks = collectBlocks(root);
  let outputTokens: number | undefined;
  if (wants.has('chunks')) {
    const { chunks, totalTokens } = chunkMarkdown(markdown, options.chunkTokens ?? DEFAULT_CHUNK_TOKENS);
    content.chunks = chunks;
    outputTokens = totalTokens;
  }
  if (wants.has('metadata')) content.metadata = metadata;
  if (wants.has('metrics')) content.metrics = metricsFor(markdown, countTokens(source.rawText), outputTokens ?? countTokens(markdown));
  return {
    content,
    get text() {
      return plainText(root as DomElement);
    },
  };
}

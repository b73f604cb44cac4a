import { ExtractionError } from '../contract/extraction-error.js';
import { parseDocument, type DomElement } from './dom/dom.js';
import { findMainContent } from './main-content/index.js';
import { applyPartSelectors, type PartSelectors } from './dom/selectors.js';
import { readMetadata } from './metadata/index.js';
import { absolutiseContent, collectLinks } from './output/links.js';
import { toMarkdown } from './output/markdown.js';
import { separateGluedWords } from './output/glued-words.js';
import { resolveLazyImages } from './output/lazy-images.js';
import { removePermalinks } from './output/permalinks.js';
import { repairMojibake, repairMojibakeIn } from './mojibake.js';
import { removeLeftoverTags } from './output/leftover-tags.js';
import { collectBlocks } from './output/blocks.js';
import { chunkMarkdown } from './output/chunks.js';
import { countTokens } from './tokens/tokens.js';
import { plainText, withoutWhitespace } from './dom/text.js';
import { HEADINGS, indexPage, normalizedText } from './dom/dom-walk.js';
import { ensureLeadHeading } from './output/lead-heading.js';
import { type ExtractedContent } from './types.js';
import { metricsFor } from './output/metrics.js';
import { DEFAULT_CHUNK_TOKENS } from '../contract/limits.js';
import { ALL_FORMATS, type Format } from '../contract/vocabulary.js';

export interface ExtractOptions {
  /** Which result fields to produce; work for the others is skipped (default: all). */
  formats?: readonly Format[];
  /** Token bound per chunk (decisions: default 512, 64–8192). */
  chunkTokens?: number;
  retrievedAt?: Date;
  /** The caller's `include_tags` / `exclude_tags`, applied before main-content detection (HTML pages only). */
  selectors?: PartSelectors;
}

export interface Extraction {
  content: Partial<ExtractedContent>;
  /** Plain text of the main content (benchmarks, indexing). */
  text: string;
}

const LANGUAGE_CLASS = /(?:^|\s)(?:language|lang|highlight-source|brush:?)-?([\w+#.-]+)/i;

/** Main-content extraction drops class attributes; keep a code block's declared language as data-lang. */
function markCodeLanguages(pres: readonly Element[]): void {
  const blocks = pres.flatMap((pre) => [pre, ...[...pre.children].filter((child) => child.tagName === 'CODE')]);
  for (const element of blocks) {
    const language = LANGUAGE_CLASS.exec(element.getAttribute('class') ?? '')?.[1];
    if (language && !element.getAttribute('data-lang')) element.setAttribute('data-lang', language.toLowerCase());
  }
}

/**
 * A few words that are all link text (a lone nav link, "Home") are not main content, nor are they under a
 * heading: a heading names content and is none (a hidden "Aliexpress" over its skip link, a bare "404").
 * Text is counted outside headings, also where a link holds the heading: a shop's category cards
 * (`<a><img><h2>Radios (4)</h2></a>`) are headings and pictures, not a run of links, and a category page of six
 * such cards was no content (WCXB 4509).
 */
function hasSubstance(root: DomElement): boolean {
  const content = root as unknown as Element;
  if (normalizedText(content).length >= 200) return true;
  let body = 0;
  let linked = 0;
  // A stack, not recursion: a page may nest elements deeper than the call stack goes.
  const pending: [Node, boolean][] = [[content, false]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, inLink] = next;
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) {
        const length = withoutWhitespace(child.textContent).length;
        body += length;
        if (inLink) linked += length;
      } else if (child.nodeType === 1 && !HEADINGS.has((child as Element).tagName)) pending.push([child, inLink || (child as Element).tagName === 'A']);
    }
  }
  if (body === 0) return Boolean(content.querySelector('img[src], pre'));
  return linked / body < 0.8;
}

/**
 * The extraction pipeline: HTML of a page in, the result entry's content fields out.
 * Markdown is always computed (an empty extraction is `no_content`, never a success); everything
 * else only when its format is asked for.
 */
export function extractHtml(html: string, pageUrl: string, options: ExtractOptions = {}): Extraction {
  const wants = new Set(options.formats ?? ALL_FORMATS);
  const retrievedAt = options.retrievedAt ?? new Date();
  // Canonically equal text is one text: the page's in Unicode's canonical form (NFC), as a search, a diff or a
  // quote of it spells it. A page may write "é" as e + U+0301, or Bengali "ড়" as one code point (U+09DC),
  // whose canonical form is the letter and its nukta apart: ukbdnews.com's story in trafilatura's set held
  // its marked sentences only in the other form (0 -> 2 of 2). About 0.5 ms on a 270 KB page; WCXB dev,
  // scrapinghub and the unseen pages score the same.
  const document = parseDocument(html.normalize('NFC'));
  // One walk finds what metadata, links, code-language marking and the lead heading read of the whole page;
  // from the document, not its first element: markup before <html> (a stray script) makes that element the root.
  const page = indexPage(document as unknown as Element);
  // Metadata and links describe the whole page: read them before the main-content pass trims the document.
  // Metadata always: its title may be the output's lead heading. Titles are read from the H1s, without their "¶".
  for (const h1 of page.h1s) removePermalinks(h1, pageUrl);
  const metadata = readMetadata(document, pageUrl, retrievedAt, page);
  const links = wants.has('links') ? collectLinks(document, pageUrl, page.anchors) : undefined;
  // Read repaired, as the titles (title.ts) and the content (below) are.
  const pageH1s = page.h1s.map((h1) => repairMojibake(normalizedText(h1)));

  markCodeLanguages(page.pres);
  const chosen = options.selectors ? applyPartSelectors(document as unknown as Document, options.selectors, pageUrl) : null;
  const main = chosen ? { root: chosen as unknown as DomElement, title: null, byline: null } : findMainContent(document, pageUrl, page);
  // A picture counts as content only with its address (lazy loaders keep it out of src).
  if (main) resolveLazyImages(main.root);
  if (!main || !hasSubstance(main.root)) throw new ExtractionError('no_content', `No main content found on ${pageUrl}`);
  removePermalinks(main.root, pageUrl);
  absolutiseContent(main.root, pageUrl);
  separateGluedWords(main.root);
  repairMojibakeIn(main.root);
  removeLeftoverTags(main.root);
  const readabilityTitle = main.title && repairMojibake(main.title);
  metadata.title ??= readabilityTitle;
  metadata.author ??= main.byline;
  // Every output (markdown, blocks, html, text) begins with the page's title as an H1.
  const lead = ensureLeadHeading(main.root, { pageH1s, title: metadata.title, otherTitles: [readabilityTitle] });
  const markdown = toMarkdown(main.root);
  // A title over nothing is still an empty extraction.
  if (!markdown || (lead === 'added' && !markdown.includes('\n'))) throw new ExtractionError('no_content', `No main content found on ${pageUrl}`);

  const content: Partial<ExtractedContent> = {};
  if (wants.has('markdown')) content.markdown = markdown;
  if (wants.has('html')) content.html = main.root.innerHTML.trim();
  if (links) content.links = links;
  if (wants.has('blocks')) content.blocks = collectBlocks(main.root);
  // Counting the page first warms the piece cache with the words the markdown repeats.
  const inputTokens = wants.has('metrics') ? countTokens(html) : 0;
  let outputTokens: number | undefined;
  if (wants.has('chunks')) {
    const { chunks, totalTokens } = chunkMarkdown(markdown, options.chunkTokens ?? DEFAULT_CHUNK_TOKENS);
    content.chunks = chunks;
    outputTokens = totalTokens;
  }
  if (wants.has('metadata')) content.metadata = metadata;
  if (wants.has('metrics')) content.metrics = metricsFor(markdown, inputTokens, outputTokens ?? countTokens(markdown));
  return {
    content,
    get text() {
      return plainText(main.root);
    },
  };
}

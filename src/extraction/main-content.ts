import { fragmentBody, type DomDocument, type DomElement } from './dom.js';
import { removeBoilerplate } from './main-content/boilerplate.js';
import { cleanContent } from './main-content/cleanup.js';
import { findOwnCandidate } from './main-content/own-candidate.js';
import { guessPageKind, type PageKind } from './main-content/page-kind.js';
import { runReadability } from './main-content/readability.js';
import { repairParsing } from './main-content/repair.js';

export interface MainContent {
  /** A <body> element of a fresh document holding only the main content. */
  root: DomElement;
  title: string | null;
  byline: string | null;
}

/**
 * Readability keeps one best-scoring node: right for articles, too little for forums, product
 * pages, listings and collections, whose content is spread over many similar blocks. When its
 * result holds less than this share of our own content root's text, our root is used instead;
 * the share is small for pages that declare themselves articles and large for the other kinds.
 */
const READABILITY_MIN_SHARE: Record<PageKind, number> = {
  article: 0.1,
  unknown: 0.6,
  forum: 0.8,
  product: 1,
  listing: 0.8,
};

/**
 * Finds the main content of a page. Mutates `document` (callers read metadata first).
 * Returns null when the page has no main content.
 */
export function findMainContent(document: DomDocument, pageUrl: string): MainContent | null {
  const dom = document as unknown as Document;
  const body = dom.body as Element | null;
  if (!body) return null;
  const kind = guessPageKind(dom, pageUrl);
  repairParsing(body);
  removeBoilerplate(body, { dropComments: kind === 'article' });

  const own = findOwnCandidate(body);
  // Serialised now: Readability rewrites the document it reads.
  const ownHtml = own ? own.root.outerHTML : '';
  const readability = runReadability(dom);

  const useOwn = own !== null && (!readability || readability.textLength < READABILITY_MIN_SHARE[kind] * own.proseLength);
  const html = useOwn ? ownHtml : readability?.html;
  if (!html) return null;
  const root = fragmentBody(html);
  // Link lists inside an article are "related" boxes; on a listing they are the content.
  cleanContent(root as unknown as Element, { dropLinkLists: !useOwn });
  if (!root.textContent?.trim() && !root.querySelector('img')) return null;
  return { root, title: readability?.title ?? (dom.title?.trim() || null), byline: readability?.byline ?? null };
}

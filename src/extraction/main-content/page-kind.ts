/**
 * A cheap guess of what kind of page this is, from the signals sites publish for search engines
 * (schema.org JSON-LD types, og:type) and common URL shapes. It only decides how much to trust
 * Readability, whose single-node model suits articles and fails on forums, shops and listings.
 */
import type { DomDocument } from '../dom/dom.js';
import { jsonLdScripts } from '../metadata/index.js';
import { elementsByTag, type PageIndex } from '../dom/dom-walk.js';
import { isLinkElement, linksBelow } from '../dom/link-elements.js';
import { blockSignature } from './block-signature.js';
import { THRESHOLDS } from './thresholds.js';
import type { PageKind } from './kinds.js';

export type { PageKind } from './kinds.js';


/** FAQ sections list "Question" items too; only a Question outside an FAQPage is a Q&A thread. */
const FAQ_PAGE = /"@type"\s*:\s*\[?\s*"FAQPage"/;
const QUESTION = /"@type"\s*:\s*\[?\s*"Question"/;
/** Products inside a catalogue (ItemList, CollectionPage…) are a category grid's items, not one product. */
const PRODUCT_TYPE = /"@type"\s*:\s*\[?\s*"Product"/;
const CATALOGUE = /"@type"\s*:\s*\[?\s*"(?:CollectionPage|ItemList|SearchResultsPage|OfferCatalog)"/;

const SCHEMA_KINDS: [RegExp, PageKind][] = [
  [/"@type"\s*:\s*\[?\s*"(?:DiscussionForumPosting|QAPage)"/, 'forum'],
  [/"@type"\s*:\s*\[?\s*"(?:Product|ProductGroup|Offer)"/, 'product'],
  [/"@type"\s*:\s*\[?\s*"(?:CollectionPage|ItemList|SearchResultsPage|OfferCatalog)"/, 'listing'],
  [/"@type"\s*:\s*\[?\s*"(?:Article|NewsArticle|BlogPosting|ReportageNewsArticle|TechArticle|OpinionNewsArticle|AnalysisNewsArticle)"/, 'article'],
];

const URL_KINDS: [RegExp, PageKind][] = [
  [/\/(?:forums?|threads?|topics?|t|questions|discussions?|community|viewtopic)(?:[/.?]|$)/i, 'forum'],
  [/\/(?:products?|item|dp|p)\/[^/]/i, 'product'],
  [/\/(?:collections?|categor(?:y|ies)|c|cat|shop|tags?|topics?|browse|search)(?:[/?]|$)/i, 'listing'],
];

function jsonLdText(document: Document, scripts: readonly Element[] | undefined): string {
  let jsonLd = '';
  for (const script of jsonLdScripts(document as unknown as DomDocument, scripts)) jsonLd += script.textContent ?? '';
  return jsonLd;
}

/** Whether `element` is below `root`: the page index also holds what precedes <html> (a stray script), a walk from <html> does not. */
function isBelow(element: Element, root: Element): boolean {
  for (let node = element.parentElement; node; node = node.parentElement) if (node === root) return true;
  return false;
}

/**
 * `page`: the page's <script> and <meta> elements when the caller has indexed them (extract.ts): the same
 * elements a walk from <html> finds, without two more walks over the whole page (~1.3 ms a WCXB page).
 */
export function guessPageKind(document: Document, pageUrl: string, page?: Pick<PageIndex, 'scripts' | 'metas'>): PageKind {
  const root = document.documentElement;
  const jsonLd = jsonLdText(document, page?.scripts.filter((script) => isBelow(script, root)));
  if (QUESTION.test(jsonLd) && !FAQ_PAGE.test(jsonLd)) return 'forum';
  const isOgType = (meta: Element) => meta.getAttribute('property') === 'og:type';
  const ogMeta = page ? page.metas.find((meta) => isOgType(meta) && isBelow(meta, root)) : elementsByTag(root, 'META').find(isOgType);
  const ogType = ogMeta?.getAttribute('content')?.toLowerCase().trim() ?? '';
  // A shop's site-wide OfferCatalog rides along on its product pages; og:type=product (not
  // product.group, a category) names the page itself.
  if (CATALOGUE.test(jsonLd) && PRODUCT_TYPE.test(jsonLd)) return ogType === 'product' ? 'product' : 'listing';
  for (const [pattern, kind] of SCHEMA_KINDS) if (pattern.test(jsonLd)) return kind;

  if (ogType.includes('product')) return 'product';

  let path = '';
  try {
    path = new URL(pageUrl).pathname;
  } catch {
    /* an unusable URL says nothing */
  }
  for (const [pattern, kind] of URL_KINDS) if (pattern.test(path)) return kind;
  return ogType === 'article' ? 'article' : 'unknown';
}

function hasLink(element: Element): boolean {
  return linksBelow(element).some((link) => link.hasAttribute('href'));
}

/** Item blocks of a listing: one per product, post or result. Paragraphs and table rows are not items. */
const ITEM_TAGS = new Set(['LI', 'DIV', 'ARTICLE', 'SECTION', 'DL']);

/**
 * The items of a run of like sibling blocks (same tag and class), each with a link, that holds most of
 * `root`'s text, or null when there is none. Such a root is a listing, a collection or a thread — whatever
 * the page declares — and Readability, which keeps one best block, fails on it.
 */
export function listingRun(root: Element, textOf: (element: Element) => number): Element[] | null {
  const total = textOf(root);
  if (total <= 0) return null;
  const queue: Element[] = [root];
  while (queue.length) {
    const element = queue.pop()!;
    if (element.children.length < THRESHOLDS.RUN_MIN_ITEMS) {
      queue.push(...element.children);
      continue;
    }
    const groups = new Map<string, { items: Element[]; text: number }>();
    for (const child of element.children) {
      queue.push(child);
      if (!isLinkElement(child) && !(ITEM_TAGS.has(child.tagName) && hasLink(child))) continue;
      const key = blockSignature(child);
      const group = groups.get(key) ?? { items: [], text: 0 };
      group.items.push(child);
      group.text += textOf(child);
      groups.set(key, group);
    }
    for (const group of groups.values()) {
      if (group.items.length >= THRESHOLDS.RUN_MIN_ITEMS && group.text >= THRESHOLDS.LISTING_RUN_MIN_SHARE * total) return group.items;
    }
  }
  return null;
}

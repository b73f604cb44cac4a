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

/**
 * A forum's board indexes, by the forum software's own address conventions (read with the query, where
 * XenForo without friendly URLs writes them; a tracking query after them changes nothing): a list of
 * threads, not a thread, though `/forum/` in the address says forum. phpBB's `viewforum.php` and
 * vBulletin's `forumdisplay.php` (their threads are `viewtopic.php`, `showthread.php`); XenForo's
 * `forums/<board>.<id>/` (threads are `threads/<title>.<id>/`); PunBB's and FluxBB's `forum/<id>/<board>/`
 * (threads are `topic/<id>/<title>/`); a forum's home, `/forum/`. Read as a thread, the learned pass took
 * each thread's title and counts as a post's chrome. At the addresses the unseen WCXB pages record
 * (`extract:dir --url-from`): probe 0.92545 -> 0.92688 (4 board indexes up: soliforum's PunBB board 5134
 * 0.75 -> 0.94, XenForo's 5022 and 5024, a forum home 5090), final 0.91894 -> 0.92293 (XenForo's 5097
 * 0.24 -> 0.58, a forum home 5087 0.32 -> 0.74), none down; no WCXB dev or scrapinghub page has such an
 * address.
 */
const BOARD_INDEX_ADDRESSES: readonly RegExp[] = [
  /\/(?:viewforum|forumdisplay)\.php/i,
  /[/?]forums\/[^/?&]+\.\d+\/?(?:[?&].*)?$/i,
  /\/forum\/\d+\/[^/?]+\/?(?:\?.*)?$/i,
  // A forum's home, unless its query names a thread (`/forum/?t=123`).
  /^\/(?:[^/]+\/)?forums?\/?(?:\?(?!.*\b(?:t|topic|thread|threadid|tid|showtopic)=).*)?$/i,
];

const URL_KINDS: [RegExp, PageKind][] = [
  [/\/(?:forums?|threads?|topics?|t|questions|discussions?|community|viewtopic)(?:[/.?]|$)/i, 'forum'],
  [/\/(?:products?|item|dp|p)\/[^/]/i, 'product'],
  // A genre is a category (Steam's /genre/Action/, a store's, a library's; WCXB dev 3067 at its recorded address 0.73 -> 0.91).
  [/\/(?:collections?|categor(?:y|ies)|c|cat|shop|tags?|topics?|browse|search|genres?)(?:[/?]|$)/i, 'listing'],
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
  let query = '';
  try {
    ({ pathname: path, search: query } = new URL(pageUrl));
  } catch {
    /* an unusable URL says nothing */
  }
  if (BOARD_INDEX_ADDRESSES.some((pattern) => pattern.test(path + query))) return 'listing';
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

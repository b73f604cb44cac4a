import { fragmentBody, type DomDocument, type DomElement } from './dom.js';
import { removeBoilerplate } from './main-content/boilerplate.js';
import { removeCardGrids } from './main-content/card-grids.js';
import { removeRecommendationWidgets } from './main-content/recommendation-widgets.js';
import { cleanContent } from './main-content/cleanup.js';
import { findOwnCandidate } from './main-content/own-candidate.js';
import { looksLikeArticleAddress, looksLikeIndexPage, readPageSigns } from './main-content/listing-evidence.js';
import { guessPageKind, looksLikeListing, type PageKind } from './main-content/page-kind.js';
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
 * `repeated`: a page declaring nothing whose root is a run of like linked blocks (looksLikeListing);
 * when Readability still gets 90% of that text it found the same content, usually more cleanly.
 * `index`: a page declaring itself an article on which several listing signs agree (looksLikeIndexPage):
 * always our root, as Readability keeps one teaser.
 */
const READABILITY_MIN_SHARE: Record<PageKind | 'repeated' | 'index', number> = {
  article: 0.1,
  unknown: 0.6,
  forum: 0.8,
  product: 1,
  listing: 0.8,
  repeated: 0.9,
  index: Infinity,
};

const BODY_ROOT_MIN_SHARE = 0.5;

/**
 * Finds the main content of a page. Mutates `document` (callers read metadata first).
 * Returns null when the page has no main content.
 */
export function findMainContent(document: DomDocument, pageUrl: string): MainContent | null {
  const dom = document as unknown as Document;
  const body = dom.body as Element | null;
  if (!body) return null;
  const declared = guessPageKind(dom, pageUrl);
  // Read before boilerplate removal, which drops pagination bars.
  const signs = declared === 'article' && !looksLikeArticleAddress(pageUrl) ? readPageSigns(dom) : null;
  repairParsing(body);
  removeBoilerplate(body, { dropComments: declared === 'article', dropReviews: declared === 'product' });
  // Recommendation tiles around one product; on other kinds such tiles are too often the content.
  if (declared === 'product') removeRecommendationWidgets(body, removeCardGrids(body));

  const own = findOwnCandidate(body);
  // A page that declares nothing but whose content is a run of like linked blocks is a listing.
  const repeated = own !== null && (declared === 'unknown' || declared === 'article') && looksLikeListing(own.root, (element) => own.stats.get(element)?.text ?? 0);
  let kind: PageKind | 'repeated' | 'index' = declared === 'unknown' && repeated ? 'repeated' : declared;
  // An index page calling itself an article (og:type=article on a blog home): several signs must agree.
  if (declared === 'article' && own && signs && looksLikeIndexPage(own.root, own.stats, signs, repeated)) kind = 'index';
  // Serialised now: Readability rewrites the document it reads.
  const ownHtml = own ? own.root.outerHTML : '';
  const readability = runReadability(dom);

  // A root that is the whole <body> found no content block at all (menus and footers stay in it);
  // on a page declaring nothing, Readability's pick holding half its prose is the better bet.
  const wholePage = own !== null && own.root === body && kind === 'unknown';
  const minShare = wholePage ? BODY_ROOT_MIN_SHARE : READABILITY_MIN_SHARE[kind];
  const useOwn = own !== null && (!readability || readability.textLength < minShare * own.proseLength);
  const html = useOwn ? ownHtml : readability?.html;
  if (!html) return null;
  const root = fragmentBody(html);
  // Link lists inside an article are "related" boxes; on a listing they are the content.
  cleanContent(root as unknown as Element, { dropLinkLists: !useOwn, isArticle: kind === 'article', pageUrl, dropDuplicates: kind === 'product' });
  if (!root.textContent?.trim() && !root.querySelector('img')) return null;
  return { root, title: readability?.title ?? (dom.title?.trim() || null), byline: readability?.byline ?? null };
}

import { fragmentBody, type DomDocument, type DomElement } from '../dom.js';
import { removeBoilerplate } from './boilerplate.js';
import { microdataArticle } from './article-scope.js';
import { removeCardGrids } from './card-grids.js';
import { removeRecommendationWidgets } from './recommendation-widgets.js';
import { cleanContent } from './cleanup.js';
import { findOwnCandidate } from './own-candidate.js';
import { holdsArticleBody, looksLikeArticleAddress, looksLikeIndexPage, looksLikeStoryInFolder, readPageSigns } from './listing-evidence.js';
import { guessPageKind, looksLikeListing, type PageKind } from './page-kind.js';
import { runReadability } from './readability.js';
import { repairParsing } from './repair.js';

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
 * Even for articles it is a fifth, not less: og:type=article is also what CMSs stamp on service and
 * landing pages, where Readability keeps the intro box and our root holds the sections below it.
 * `unknown`: about two thirds, not less: service and landing pages declare nothing, and Readability
 * keeps their first sections and drops the feature boxes and plan tables below them.
 * `repeated`: a page declaring nothing whose root is a run of like linked blocks (looksLikeListing);
 * when Readability still gets 90% of that text it found the same content, usually more cleanly.
 * `index`: a page declaring itself an article on which several listing signs agree (looksLikeIndexPage):
 * always our root, as Readability keeps one teaser.
 */
const READABILITY_MIN_SHARE: Record<PageKind | 'repeated' | 'index', number> = {
  article: 0.2,
  unknown: 0.65,
  forum: 0.8,
  product: 1,
  listing: 0.8,
  repeated: 0.9,
  index: Infinity,
};

const BODY_ROOT_MIN_SHARE = 0.5;

/**
 * og:type=article on an address that names no story (no date folder, numeric id or long slug:
 * /services/hr-consulting/, /support-services/security-consulting/) is a CMS default on a service or
 * landing page made of several sections, of which Readability keeps one: it must hold half our root's prose.
 */
const LANDING_MIN_SHARE = 0.5;

/**
 * On such an address, our root's whole text (links included: item titles, section links) is also
 * weighed: a topic, section or programme page calling itself an article is a run of teasers, tables
 * or section blocks, and a Readability pick with less than this share of that text kept an intro or
 * a few of the items. Not when our root is the whole <body> (it found no content block: menus count)
 * nor when the address is a slug in a news or blog folder (a story whose root holds related boxes).
 */
const LANDING_MIN_TEXT_SHARE = 0.6;
/**
 * ...and only when at least this share of the root's text is prose: a root that is mostly link text
 * holds a documentation sidebar or a menu beside the one topic Readability rightly kept.
 */
const LANDING_MIN_PROSE_SHARE = 0.5;

/**
 * On a listing, item names and teasers are links, so our root's prose (text outside links) undercounts
 * it. Readability's pick holding less than this share of the root's whole text kept one block of
 * items (or an SEO blurb beside the grid), not the listing — unless the root holds an article's
 * body (long paragraphs), where the extra text is menus and link boxes Readability rightly left out.
 */
const LISTING_MIN_TEXT_SHARE = 0.3;

/**
 * When our root on a declared listing is mostly a run of like linked item blocks (looksLikeListing),
 * that run is the listing: a Readability pick with less than this share of the root's whole text kept
 * a long category blurb or one block of the items, not the grid.
 */
const LISTING_ITEMS_MIN_TEXT_SHARE = 0.9;

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
  // The one article the page marks up as such: what lies outside it is other stories.
  const scope = declared === 'article' ? microdataArticle(body) : null;
  if (scope && scope !== body) body.replaceChildren(scope);
  // Filter and sort panels beside a grid are controls, not items; pages declaring an article have none worth the risk.
  const dropFacets = declared === 'listing' || declared === 'product' || declared === 'unknown';
  const postChrome = declared === 'forum' ? 'always' : declared === 'unknown' ? 'if-repeated' : undefined;
  // Pages declaring nothing are often stories too: author boxes go, hidden accordion panels are content.
  const mayBeStory = declared === 'article' || declared === 'unknown';
  // A product's description, details and shipping notes sit in tabs and accordions shipped collapsed.
  const keepCollapsedPanels = mayBeStory || declared === 'product';
  // On a page declaring nothing, comments go only where the markup shows one article they hang under.
  const dropComments = declared === 'article' ? true : declared === 'unknown' ? 'if-one-article' : false;
  removeBoilerplate(body, {
    dropComments,
    dropReviews: declared === 'product',
    dropBuyForms: declared === 'product',
    dropFacets,
    postChrome,
    dropAuthorBoxes: mayBeStory,
    keepCollapsedPanels,
    dropHiddenTextCopies: mayBeStory,
  });
  // Recommendation tiles around one product; on other kinds such tiles are too often the content.
  if (declared === 'product') removeRecommendationWidgets(body, removeCardGrids(body));

  const own = findOwnCandidate(body);
  // Our root is mostly a run of like linked blocks: on a page declaring nothing (or an article) that makes
  // it a listing; on a declared listing, Readability must keep nearly all of that run.
  const runOfItems = own !== null && (mayBeStory || declared === 'listing') && looksLikeListing(own.root, (element) => own.stats.get(element)?.text ?? 0);
  const repeated = runOfItems && mayBeStory;
  let kind: PageKind | 'repeated' | 'index' = declared === 'unknown' && repeated ? 'repeated' : declared;
  // An index page calling itself an article (og:type=article on a blog home): several signs must agree.
  if (declared === 'article' && own && signs && looksLikeIndexPage(own.root, own.stats, signs, repeated)) kind = 'index';
  const listingKind = kind === 'listing' || kind === 'repeated';
  // Read now, like the HTML below: Readability rewrites the document it reads.
  const ownIsArticle = listingKind && own !== null && holdsArticleBody(own.root, own.stats);
  const ownHasItems = kind === 'listing' && runOfItems;
  const ownHtml = own ? own.root.outerHTML : '';
  const readability = runReadability(dom);

  // A root that is the whole <body> found no content block at all (menus and footers stay in it);
  // on a page declaring nothing, Readability's pick holding half its prose is the better bet.
  const wholePage = own !== null && own.root === body && kind === 'unknown';
  // `signs` are read only for articles whose address names no story.
  const landing = kind === 'article' && signs !== null;
  const minShare = wholePage ? BODY_ROOT_MIN_SHARE : landing ? LANDING_MIN_SHARE : READABILITY_MIN_SHARE[kind];
  const readabilityLength = readability?.textLength ?? 0;
  // An article's address naming no story: Readability's pick is weighed against our root's whole text too.
  const landingPartKept =
    landing &&
    own !== null &&
    own.root !== body &&
    readabilityLength < LANDING_MIN_TEXT_SHARE * own.textLength &&
    own.proseLength >= LANDING_MIN_PROSE_SHARE * own.textLength &&
    !looksLikeStoryInFolder(pageUrl);
  const useOwn =
    own !== null &&
    (!readability ||
      readabilityLength < minShare * own.proseLength ||
      landingPartKept ||
      (listingKind && readabilityLength < LISTING_MIN_TEXT_SHARE * own.textLength && !ownIsArticle) ||
      (ownHasItems && readabilityLength < LISTING_ITEMS_MIN_TEXT_SHARE * own.textLength && !ownIsArticle));
  const html = useOwn ? ownHtml : readability?.html;
  if (!html) return null;
  const root = fragmentBody(html);
  // Link lists inside an article are "related" boxes; on a listing they are the content, even in
  // Readability's pick. Shops and landing pages declaring nothing render some blocks once per screen
  // size; articles repeat boxes (key points, a promo, a second copy of the body) the same way.
  const dropDuplicates = kind === 'product' || kind === 'unknown' || kind === 'article';
  cleanContent(root as unknown as Element, { dropLinkLists: !useOwn && !listingKind, isArticle: kind === 'article', pageUrl, dropDuplicates });
  if (!root.textContent?.trim() && !root.querySelector('img')) return null;
  return { root, title: readability?.title ?? (dom.title?.trim() || null), byline: readability?.byline ?? null };
}

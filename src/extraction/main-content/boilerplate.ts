/**
 * Removes page chrome that is never main content, before any scoring: scripts and widgets, hidden
 * elements, navigation/footer/aside landmarks and blocks whose class or id names them as boilerplate
 * (cookie banners, share bars, related lists, newsletter boxes, ads). Readability and our own scoring
 * both see the cleaner page, and less DOM makes both faster.
 */

import { collapsedLength as textLength, descendants, elementsByTag, H1, hasAncestorOrSelf, hasDescendantTag } from '../dom/dom-walk.js';
import { isAuthorBox } from './author-box.js';
import { isCollapsedPanel } from './collapsed-panels.js';
import { isFacetPanel } from './facets.js';
import { isPagedGrid } from './paged-grids.js';
import { isBuyForm } from './buy-forms.js';
import { isFinePrint } from './fine-print.js';
import { formsWithControls, holdsNoParagraph } from './control-forms.js';
import { isInsideQaPost, isPostChrome } from './forum-chrome.js';

/** Never content: code, media widgets, form controls (their labels read as "Add to cart", "Search"). */
const JUNK_TAGS = new Set(
  ['script', 'style', 'noscript', 'template', 'svg', 'canvas', 'iframe', 'object', 'embed', 'button', 'input', 'select', 'textarea', 'dialog'].map((tag) =>
    tag.toUpperCase(),
  ),
);

/** Landmarks that hold site chrome. <header> is judged separately: an article's header holds its title. */
const CHROME_TAGS = new Set(['NAV', 'FOOTER', 'ASIDE']);
const CHROME_ROLES = new Set(['navigation', 'contentinfo', 'complementary', 'banner', 'menu', 'menubar', 'search']);
function isChrome(element: Element): boolean {
  if (CHROME_TAGS.has(element.tagName) || element.hasAttribute('hidden')) return true;
  const role = element.getAttribute('role');
  return (role !== null && CHROME_ROLES.has(role)) || element.getAttribute('aria-hidden') === 'true';
}

/** Chrome only because hidden (not a landmark or a chrome role): a collapsed panel may be content. */
function isHiddenOnly(element: Element): boolean {
  if (CHROME_TAGS.has(element.tagName)) return false;
  const role = element.getAttribute('role');
  return role === null || !CHROME_ROLES.has(role);
}

function unhide(element: Element): void {
  element.removeAttribute('hidden');
  element.removeAttribute('aria-hidden');
  const style = element.getAttribute('style');
  if (style !== null) element.setAttribute('style', style.replace(HIDDEN_STYLE_GLOBAL, ''));
}

/**
 * Modal dialogs (policy pop-ups, size guides, newsletter and cookie modals) are never the page's
 * content, however long their prose: removed unless they hold the page title (the first <h1> outside
 * any modal; without one, any <h1>).
 */
function isModal(element: Element): boolean {
  const role = element.getAttribute('role');
  return role === 'dialog' || role === 'alertdialog' || element.getAttribute('aria-modal') === 'true';
}

/** class/id words that name boilerplate; matched as whole words between -, _ and spaces. */
const BOILERPLATE_WORDS = new RegExp(
  '(?:^|[\\s_-])(?:' +
    [
      'nav', 'navbar', 'navigation', 'menu', 'breadcrumbs?', 'footer', 'sidebar', 'cookies?', 'consent', 'gdpr',
      'newsletter', 'subscribe', 'subscription', 'signup', 'share', 'sharing', 'social', 'related', 'recommended',
      'recommendations', 'promo', 'advert', 'advertisement', 'ads?', 'adslot', 'sponsored', 'popup', 'modal',
      'skip', 'pagination', 'pager', 'toolbar', 'masthead', 'site-header', 'tags', 'outbrain', 'taboola',
      'comment-form', 'respond', 'disqus', 'visually-hidden', 'sr-only', 'screen-reader-text',
    ].join('|') +
    ')(?:$|[\\s_-])',
  'i',
);

/** Reader comments: boilerplate under an article, but the very content of a forum thread. */
const COMMENT_WORDS = /(?:^|[\s_-])(?:comments?|commentlist|comment-list|comments-area|comment-section)(?:$|[\s_-])/i;

/**
 * Customer reviews and ratings under a product: long prose, so the prose guard cannot spare them,
 * but they are opinions about the product, not its description.
 */
const REVIEW_WORDS = /(?:^|[\s_-])(?:reviews?|ratings?|customer-reviews|product-reviews|reviews-section)(?:$|[\s_-])/i;
const REVIEW_ITEMPROPS = new Set(['review', 'aggregateRating']);

/**
 * Embedded posts (tweets, Instagram posts, social-media-embed wrappers) quote what the article is about:
 * a boilerplate word in their names ("social") does not make them chrome.
 */
const EMBED_WORDS = /(?:^|[\s_-])(?:embed|embedded|twitter-tweet|instagram-media|tiktok-embed)(?:$|[\s_-])/i;

const HIDDEN_STYLE = /(?:display\s*:\s*none|visibility\s*:\s*hidden)/i;
const HIDDEN_STYLE_GLOBAL = new RegExp(HIDDEN_STYLE.source, 'gi');


/** Containers that may hold the whole page; their names say nothing about them being chrome. */
const NEVER_REMOVED = new Set(['HTML', 'BODY', 'MAIN', 'ARTICLE']);

export interface BoilerplateOptions {
  /** Reader comments: always on pages declaring an article; 'if-one-article' where the markup holds exactly one article. */
  dropComments: boolean | 'if-one-article';
  dropReviews?: boolean;
  /**
   * Per-post chrome of threads (forum-chrome.ts): 'always' on pages declaring themselves forums,
   * 'if-repeated' on pages declaring nothing, where only a run of such blocks shows a thread.
   */
  postChrome?: 'always' | 'if-repeated';
  /** Filter, facet and sort panels (facets.ts): on listing, product and undeclared pages. */
  dropFacets?: boolean;
  /** Cart forms around a product (buy-forms.ts): on product pages. */
  dropBuyForms?: boolean;
  /** The writer's photo-name-biography box (author-box.ts): on pages that may be one article. */
  dropAuthorBoxes?: boolean;
  /** Hidden accordion and tab panels (collapsed-panels.ts) are content, not hidden chrome. */
  keepCollapsedPanels?: boolean;
  /** Hidden <pre> copies of the story (raw markdown for machines) go whatever their length. */
  dropHiddenTextCopies?: boolean;
}

/**
 * Some sites ship the whole article a second time as raw markdown in a hidden <pre> (for crawlers
 * and LLMs). Holding half the page's text, it would be spared as a misnamed wrapper; a reader never sees it.
 */
const isHiddenPre = (element: Element): boolean =>
  element.tagName === 'PRE' && (element.hasAttribute('hidden') || element.getAttribute('aria-hidden') === 'true');

/** Poster cards or signatures on this many posts make a page declaring nothing a thread. */
const POST_CHROME_MIN_REPEATS = 3;

/** Removes boilerplate from `body`; a block is spared when it holds much of the page's text (a misnamed wrapper). */
export function removeBoilerplate(body: Element, options: BoilerplateOptions): void {
  const junk: Element[] = [];
  descendants(body, (element) => JUNK_TAGS.has(element.tagName) && junk.push(element) > 0);
  const controlForms = formsWithControls(junk);
  for (const element of junk) element.remove();
  // One walk for every test below; elements removed by an earlier test are skipped as disconnected.
  const all = descendants(body);

  const pageText = textLength(body);
  const sparedShare = 0.35;
  const remove = (element: Element): void => {
    if (NEVER_REMOVED.has(element.tagName) || !element.isConnected) return;
    // The site's footer is chrome however much of the page's text or prose it holds.
    if (!isSiteFooter(element) && (textLength(element) > sparedShare * pageText || holdsProse(element))) return;
    element.remove();
  };

  const dropComments = options.dropComments === 'if-one-article' ? holdsOneArticle(all) : options.dropComments;
  // The page title is the first <h1> outside any modal; a modal holding it is a misnamed wrapper.
  const pageTitle = all.find((element) => element.tagName === 'H1' && !hasAncestorOrSelf(element, isModal)) ?? null;
  for (const element of all) {
    if (!isModal(element) || NEVER_REMOVED.has(element.tagName) || !element.isConnected) continue;
    if (pageTitle ? !element.contains(pageTitle) : !hasDescendantTag(element, H1)) element.remove();
  }
  // A collapsed panel kept is shown: Readability skips what is hidden.
  const keepPanel = (element: Element): boolean => {
    if (options.keepCollapsedPanels !== true || !isCollapsedPanel(element)) return false;
    unhide(element);
    return true;
  };
  if (options.dropHiddenTextCopies) for (const element of all) if (isHiddenPre(element)) element.remove();
  for (const element of all) if (isChrome(element) && !(isHiddenOnly(element) && keepPanel(element))) remove(element);
  for (const element of all) {
    const style = element.getAttribute('style');
    if (style !== null && HIDDEN_STYLE.test(style) && !keepPanel(element)) remove(element);
  }
  const postChrome: Element[] = [];
  for (const element of all) {
    const className = element.getAttribute('class');
    const id = element.getAttribute('id');
    if (className === null && id === null) continue;
    const names = `${className ?? ''} ${id ?? ''}`;
    if (EMBED_WORDS.test(names)) {
      // Readability weighs "media" and "social" in class names against a block: an embed's names say nothing of its worth.
      element.removeAttribute('class');
      element.removeAttribute('id');
    } else if (BOILERPLATE_WORDS.test(names)) {
      // An infinite-scroll grid named "pagination" is the items, not a pager bar.
      if (!isPagedGrid(element, names)) remove(element);
    } else if (dropComments && COMMENT_WORDS.test(names) && !hasAncestorOrSelf(element, isCode)) removeUnlessTitled(element);
    else if (options.dropAuthorBoxes && element.isConnected && isAuthorBox(element, names, textLength, pageText)) removeUnlessTitled(element);
    else if (options.dropReviews && REVIEW_WORDS.test(names)) removeUnlessTitled(element);
    else if (isFinePrint(names)) removeUnlessTitled(element);
    else if (options.dropFacets && element.isConnected && isFacetPanel(element, textLength, pageText)) element.remove();
    else if (options.postChrome && isPostChrome(names)) postChrome.push(element);
    else if (options.postChrome && COMMENT_WORDS.test(names) && isInsideQaPost(element)) removeUnlessTitled(element);
  }
  if (options.postChrome === 'always' || postChrome.length >= POST_CHROME_MIN_REPEATS) for (const element of postChrome) remove(element);
  if (options.dropBuyForms) for (const element of all) if (isBuyForm(element)) remove(element);
  for (const form of controlForms) if (holdsNoParagraph(form)) remove(form);
  if (options.dropReviews) {
    for (const element of all) if (REVIEW_ITEMPROPS.has(element.getAttribute('itemprop') ?? '')) removeUnlessTitled(element);
  }
  removeSiteHeaders(all);
}

/** Syntax highlighters mark code comments up as "comment" spans ("hljs-comment", "token comment"): code, not reader comments. */
const CODE_TAGS = new Set(['PRE', 'CODE']);
const isCode = (element: Element): boolean => CODE_TAGS.has(element.tagName);

/** hAtom's blog entry class, as Blogger and WordPress themes write it. */
const HENTRY = /(?:^|\s)hentry(?:$|\s)/;
/** An article marker with less text than this is an empty shell (a modal's frame, a teaser's wrapper). */
const ARTICLE_MIN_TEXT = 200;

/**
 * Markup that declares a blog entry. A bare <article> does not count: discussion sites wrap the story
 * heading a thread in one too, and there the comments are the content.
 */
function isArticleMarker(element: Element): boolean {
  const itemprop = element.getAttribute('itemprop');
  return itemprop === 'articleBody' || itemprop === 'blogPost' || HENTRY.test(element.getAttribute('class') ?? '');
}

/**
 * A page declaring nothing whose markup holds exactly one blog entry (a schema.org articleBody or
 * blogPost, an hAtom entry) is a post with reader comments under it; a thread marks up each post
 * alike, or none. Entries inside another count once; shells with next to no text not at all.
 */
function holdsOneArticle(all: Element[]): boolean {
  let outermost: Element | null = null;
  let count = 0;
  for (const element of all) {
    if (!isArticleMarker(element) || (outermost && outermost.contains(element))) continue;
    if (textLength(element) < ARTICLE_MIN_TEXT) continue;
    outermost = element;
    if (++count > 1) return false;
  }
  return count === 1;
}

/**
 * Under an article, reader comments are long prose, often longer than the article itself, so the
 * prose and share-of-page guards cannot spare them; only a block holding the page title (a
 * misnamed wrapper around the article) is kept.
 */
function removeUnlessTitled(element: Element): void {
  if (NEVER_REMOVED.has(element.tagName) || !element.isConnected || hasDescendantTag(element, H1)) return;
  element.remove();
}

/** Chrome has short texts; a block with the page title or several real paragraphs is content, whatever its name. */
const PROSE_PARAGRAPH = 100;
const PROSE_TOTAL = 600;
function holdsProse(element: Element): boolean {
  if (hasDescendantTag(element, H1)) return true;
  let prose = 0;
  for (const paragraph of elementsByTag(element, 'P')) {
    const length = textLength(paragraph);
    if (length >= PROSE_PARAGRAPH) prose += length;
    if (prose >= PROSE_TOTAL) return true;
  }
  return false;
}

const NAV_OR_LIST = new Set(['NAV', 'UL']);
const isMainLandmark = (element: Element): boolean =>
  element.tagName === 'ARTICLE' || element.tagName === 'MAIN' || element.getAttribute('role') === 'main';

/**
 * The page's own footer landmark (a <footer> or role=contentinfo outside any article or main, without the
 * title): its paragraphs are legal notes, pricing disclaimers and the company blurb, and on a short landing
 * page its link columns and notes can outweigh the content (Apple's and Samsung's footnote lists, a shop's
 * "about us"), so neither its prose nor its share of the page spares it. A footer inside an article or
 * main is the story's own (notes, sources) and stays guarded.
 */
function isSiteFooter(element: Element): boolean {
  if (element.tagName !== 'FOOTER' && element.getAttribute('role') !== 'contentinfo') return false;
  return !hasDescendantTag(element, H1) && !hasAncestorOrSelf(element.parentElement ?? element, isMainLandmark);
}

/** A page-level <header> (not inside an article or main) is site chrome: logo, menu, search. */
function removeSiteHeaders(all: Element[]): void {
  for (const header of all) {
    if (header.tagName !== 'HEADER' && header.getAttribute('role') !== 'banner') continue;
    if (!header.isConnected || hasAncestorOrSelf(header, isMainLandmark)) continue;
    if (hasDescendantTag(header, H1) && !hasDescendantTag(header, NAV_OR_LIST)) continue;
    header.remove();
  }
}

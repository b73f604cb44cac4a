/**
 * Removes page chrome that is never main content, before any scoring: scripts and widgets, hidden
 * elements, navigation/footer/aside landmarks and blocks whose class or id names them as boilerplate
 * (cookie banners, share bars, related lists, newsletter boxes, ads). Readability and our own scoring
 * both see the cleaner page, and less DOM makes both faster. Which passes run on which page kind is
 * the policy's (policy.ts); they run here in the policy's row order.
 */

import { collapsedLength as textLength, descendants, H1, hasAncestorOrSelf, hasDescendantTag, isInCode } from '../dom/dom-walk.js';
import { holdsLink, isLinkElement, linkTextLength } from '../dom/link-elements.js';
import { isAuthorBox } from './author-box.js';
import { isLineNumberGutter } from './code-gutters.js';
import { isIconLigature } from './icon-ligatures.js';
import { chromeNameRule, isPrintOnly, namesChrome, namesSidebar, namesSkipLink, namesStoryRail, type ChromeNameRule } from './chrome-names.js';
import { excerptOf } from './truncated-excerpts.js';
import { addDisclosure, dropHiddenState, isCollapsedPanel, isDisclosureLabel, keepLabel, newDisclosures, showPanel } from './collapsed-panels.js';
import { hasStoryBesideComments, namesComments } from './comments.js';
import { isFacetPanel } from './facets.js';
import { isPagedGrid } from './paged-grids.js';
import { isBuyForm } from './buy-forms.js';
import { isFinePrint } from './fine-print.js';
import { formsWithControls, holdsNoParagraph } from './control-forms.js';
import { isInsideQaPost, isPostChrome } from './forum-chrome.js';
import { isConsentDialog } from './consent-dialogs.js';
import { isCellValue } from './cell-values.js';
import { isChrome, isHiddenByStyle, isHiddenOnly, isModal, isListingLandmark, isScriptRevealed, isSiteFooter, isSiteHeader, overlayClosedBy, wrapsPageMain } from './page-chrome.js';
import { holdsLongParagraphs, ONE_PARAGRAPH } from './paragraphs.js';
import type { DeclaredPasses, RuleName } from './policy.js';
import { remove } from './remove.js';
import { removeTagLists } from './tag-lists.js';
import { isReviewItem, namesReviews } from './reviews.js';
import { THRESHOLDS } from './thresholds.js';
import { elementNamesIfAny, wholeWords } from '../dom/element-names.js';
import { sitsInSentence } from '../dom/within-sentence.js';
import { retag } from '../dom/retag.js';

/**
 * Never content: code, media widgets, form controls (their labels read as "Add to cart", "Search"), and
 * ruby annotations (`<rt>`, with the `<rp>` parentheses shown where ruby is not supported): a reading
 * printed small above its characters (Japanese furigana), which as plain text splits every word
 * ("子 こ どもへの 虐待 ぎゃくたい"), so no sentence of the page could be found or quoted (NHK News Web Easy
 * in trafilatura's evaluation set: 0 of 3 marked lines -> 3 of 3). The shared sets hold no ruby.
 */
const JUNK_TAGS = new Set(
  ['script', 'style', 'noscript', 'template', 'svg', 'canvas', 'iframe', 'object', 'embed', 'button', 'input', 'select', 'textarea', 'dialog', 'rt', 'rp'].map(
    (tag) => tag.toUpperCase(),
  ),
);

/**
 * A player's children other than its sources and tracks are fallback for browsers without <video> or <audio>
 * ("Sorry, your browser doesn't support embedded videos."): no browser in use shows them. The player stays
 * (figures and lead images weigh media). Such lines stood in our output on 9 WCXB dev pages (IKEA's bookcase
 * videos, a database vendor's feature loops), never in a truth: dev 13 pages up (2835 0.90 -> 0.96), one down
 * (4291, a shop grid whose thirty "Your browser does not support video" lines had tipped the root choice to
 * Readability's pick: 0.91 -> 0.68), -0.00003 in all; scrapinghub unchanged; unseen probe one page up.
 */
const PLAYERS = new Set(['VIDEO', 'AUDIO']);
const PLAYER_PARTS = new Set(['SOURCE', 'TRACK']);
function fallbackOf(player: Element): ChildNode[] {
  return [...player.childNodes].filter((node) => !(node.nodeType === 1 && PLAYER_PARTS.has((node as Element).tagName)));
}

/**
 * A button a sentence runs through is a phrase of it, not a control to drop: a side-note launcher on a name
 * ("according to <button>Mikey Shulman,</button> a lecturer at MIT Sloan", WCXB 0094) left "according to a
 * lecturer". Its words stay in a <span>; icons inside it still go as junk.
 */
function keepPhrase(button: Element): void {
  // A button is a box of its own: "according to<button>Mikey Shulman,</button>" reads with a space between.
  if (/\S$/.test(button.previousSibling?.textContent ?? '')) button.before(' ');
  if (/^[\p{L}\p{N}]/u.test(button.nextSibling?.textContent ?? '')) button.after(' ');
  retag(button, 'span');
}

/**
 * Embedded posts (tweets, Instagram posts, social-media-embed wrappers) quote what the article is about:
 * a boilerplate word in their names ("social") does not make them chrome.
 */
const EMBED_WORDS = wholeWords(['embed', 'embedded', 'twitter-tweet', 'instagram-media', 'tiktok-embed']);

/** Containers that may hold the whole page; their names say nothing about them being chrome. */
const NEVER_REMOVED = new Set(['HTML', 'BODY', 'MAIN', 'ARTICLE']);

/**
 * Some sites ship the whole article a second time as raw markdown in a hidden <pre> (for crawlers
 * and LLMs). Holding half the page's text, it would be spared as a misnamed wrapper; a reader never sees it.
 */
const isHiddenPre = (element: Element): boolean =>
  element.tagName === 'PRE' && (element.hasAttribute('hidden') || element.getAttribute('aria-hidden') === 'true');

/** Chrome has short texts; a block with the page title or several real paragraphs is content, whatever its name. */
function holdsProse(element: Element): boolean {
  return hasDescendantTag(element, H1) || holdsLongParagraphs(element, THRESHOLDS.REAL_PARAGRAPH, textLength, { characters: THRESHOLDS.PROSE_BLOCK_MIN_TEXT });
}

/** Whether `paragraph` sits in an item of a list inside `list`. */
function isInItemOf(paragraph: Element, list: Element): boolean {
  for (let node: Element | null = paragraph; node && node !== list; node = node.parentElement) if (node.tagName === 'LI' || node.getAttribute('role') === 'listitem') return true;
  return false;
}

/**
 * Whether a related-stories block holds prose of its own, outside its items. Its items are teasers of other
 * pages however long they run, so neither their prose nor their share of the page spares the block:
 * Webflow's related cards carry each story's whole body, hidden (`class="hide"`, from a stylesheet we do not
 * read), for a reading-time script, and the prose guard had kept three other articles under a guide (an
 * unseen WCXB page, 4976: 0.48 -> 0.99). Prose of the block's own is still a misnamed wrapper's: Consumer
 * Reports' `related-articles` text container is the article's last section (4184). WCXB dev and scrapinghub
 * unchanged.
 */
function holdsProseOutsideItems(list: Element): boolean {
  const ownLength = (paragraph: Element): number => (isInItemOf(paragraph, list) ? 0 : textLength(paragraph));
  return hasDescendantTag(list, H1) || holdsLongParagraphs(list, THRESHOLDS.REAL_PARAGRAPH, ownLength, { characters: THRESHOLDS.PROSE_BLOCK_MIN_TEXT });
}

/**
 * A related-stories block that holds most of what is left of the page, in items without prose, is the page's
 * own list under a borrowed name: WooCommerce's `related-product` section on Kress's category page holds its
 * eight mowers and their prices, and removing it left the page its heading alone (WCXB dev 4247, 0.04 ->
 * 1.00); a legal-aid page's list of where to find help (0781, 0.48 -> 0.83). Items carrying prose stay other
 * pages' teasers however much of the page they hold (Webflow's cards with each story's hidden body, the
 * unseen 4976, unchanged). The page is read once its landmarks and footer went. WCXB dev 0.89533 -> 0.89621,
 * those two pages alone; scrapinghub, trafilatura's set and both unseen halves unchanged. About 0.14 ms a page
 * (205 ms over WCXB dev, every call timed).
 *
 * A block named as a promotion says the same: Deloitte's services page draws its 24 services as `cmp-promo`
 * cards (a title, two lines, "Find out more"), which the ads words took whole (WCXB 0709 0.51 -> 0.98; WCXB dev
 * 0.89650 -> 0.89682, no other page of it, scrapinghub, trafilatura's set or either unseen half moved). Once a
 * block is kept so, its parts named like it (each card's `promo`) are parts of it. Menus are no such group:
 * a category page's menu of sections holding half of it is still a menu (4247, 2909 down when they were).
 */
const OWN_LIST_GROUPS: ReadonlySet<ChromeNameRule> = new Set<ChromeNameRule>(['related-lists', 'ads']);

function isPagesOwnList(list: Element, leftOfPage: () => number): boolean {
  return !holdsProse(list) && textLength(list) > THRESHOLDS.RELATED_LIST_PAGE_SHARE * leftOfPage();
}

/**
 * Under an article, reader comments are long prose, often longer than the article itself, so the
 * prose and share-of-page guards cannot spare them; only a block holding the page title (a
 * misnamed wrapper around the article) is kept.
 */
function removeUnlessTitled(element: Element, rule: RuleName): void {
  if (NEVER_REMOVED.has(element.tagName) || !element.isConnected || hasDescendantTag(element, H1)) return;
  remove(element, rule);
}

const isRealParagraph = (node: Element): boolean => node.tagName === 'P' && textLength(node) >= THRESHOLDS.REAL_PARAGRAPH;

/**
 * An `<aside>` set among the story's own paragraphs (its parent holds two real paragraphs or more) that
 * holds a real paragraph, not mostly links, is a callout of the story, not a sidebar: a health page's boxed
 * tip between its sections (WCXB 4121 0.95 -> 1.00), a forum reply's quote of an earlier post, which
 * Discourse writes as `<aside class="quote">` (0507 0.974 -> 0.979). A sidebar sits beside the story's
 * container, not inside it, and its widgets hold links and short lines. WCXB dev +0.00003, no page down;
 * scrapinghub, the unseen halves and trafilatura's set unchanged.
 */
function isCallout(element: Element): boolean {
  if (element.tagName !== 'ASIDE') return false;
  const parent = element.parentElement;
  if (!parent || [...parent.children].filter(isRealParagraph).length < 2) return false;
  const unlinkedLength = (paragraph: Element): number => {
    const length = textLength(paragraph);
    return isMostlyLinks(paragraph, length) ? 0 : length;
  };
  return holdsLongParagraphs(element, THRESHOLDS.REAL_PARAGRAPH, unlinkedLength, ONE_PARAGRAPH);
}

/**
 * A navigation or complementary landmark lists other pages: its items' text (menu entries, a sidebar's
 * feed of posts) is theirs, however long it runs or however much of the page it holds, so neither the
 * share-of-page guard nor items' prose spares it (as `holdsProseOutsideItems` reads a related-stories list).
 * A university's mega menu sets a featured story's caption under each of its six panels (vims.edu, WCXB
 * dev 4349): 1,167 characters of captions made the `<nav>` 40% links and 45% of the page, so it was spared
 * as a misnamed wrapper and its 40 menu links opened the text (0.675 -> 0.930). A party's blog sidebar
 * holds an RSS widget of another site's posts as list items (trafilatura's set 0340): spared for its
 * prose, it became the root over the post (0 of 2 marked lines -> 2 of 2); a magazine's `<aside>` of
 * 11,675 characters of recommended stories outweighed its story (0515: 3 -> 2 lines marked as not
 * content held).
 * Prose of the landmark's own, outside its items, or the page title or main inside it, is still a wrapper's.
 * WCXB dev 0.89367 -> 0.89384, trafilatura's set 0.9252 -> 0.9257, those pages alone; scrapinghub and both
 * unseen halves: every output identical.
 */
function removeListingLandmark(element: Element, rule: 'landmarks' | 'chrome-names' = 'landmarks'): void {
  if (NEVER_REMOVED.has(element.tagName) || !element.isConnected || holdsProseOutsideItems(element) || isCallout(element) || wrapsPageMain(element)) return;
  remove(element, rule);
}

/**
 * Landmarks and chrome-named blocks spared for their share of the page only when they are not mostly
 * links: a wrapper misnamed "sidebar" around the story holds prose, while a <nav> mega-menu of two hundred
 * categories or a "sidebar" of recent posts is links however much of the page it holds. On a short
 * listing such a menu outweighs the grid and became the content (4021: 0.38 -> 0.95). WCXB dev
 * 0.8770 -> 0.8783 on 8 pages (7 up), no fold down; scrapinghub unchanged. Navigation and complementary
 * landmarks are since spared for their share not at all (`removeListingLandmark`); this still holds for
 * the other landmarks and for chrome-named blocks.
 */
const SPARED_UNLESS_LINKS: ReadonlySet<RuleName> = new Set(['landmarks', 'chrome-names']);

function isMostlyLinks(element: Element, length: number): boolean {
  return linkTextLength(element) > THRESHOLDS.MOSTLY_LINKS_SHARE * length;
}

/** A link, or a short block of links (a skip link's wrapper), not the links' target however it is named. */
function isSkipLinks(element: Element): boolean {
  if (isLinkElement(element)) return true;
  const length = textLength(element);
  return length > 0 && length <= THRESHOLDS.SKIP_LINKS_MAX_TEXT && isMostlyLinks(element, length);
}

/**
 * Removes boilerplate from `body`; a block is spared when it holds much of the page's text (a misnamed wrapper).
 * Answers whether the page is a link post (comments.ts hasStoryBesideComments), read where the policy reads
 * comments at all (articles and undeclared pages): its comments are the page, as a thread's posts are.
 * `atThreadAddress`: the page's address is a discussion thread's (comments.ts), where comments are the page too.
 */
export function removeBoilerplate(body: Element, passes: DeclaredPasses, { atThreadAddress = false } = {}): { linkPost: boolean } {
  const junk: Element[] = [];
  const labels: Element[] = [];
  const fallbacks: ChildNode[] = [];
  const phrases: Element[] = [];
  // Read before the junk goes: the buttons that open panels go as junk, unless they label one (its question).
  const disclosed = passes['collapsed-panels'] === true ? newDisclosures() : null;
  descendants(body, (element) => {
    if (disclosed) addDisclosure(element, disclosed);
    if (disclosed && isDisclosureLabel(element)) {
      labels.push(element);
      return false;
    }
    if (passes['junk-tags'] && element.tagName === 'BUTTON' && sitsInSentence(element)) {
      phrases.push(element);
      return false;
    }
    if (PLAYERS.has(element.tagName)) {
      fallbacks.push(...fallbackOf(element));
      return true;
    }
    return (JUNK_TAGS.has(element.tagName) || isLineNumberGutter(element) || isIconLigature(element)) && junk.push(element) > 0;
  });
  // Read before the junk goes: an overlay is known by the close button it opens with.
  const overlays = passes.modals ? junk.map(overlayClosedBy).filter((overlay) => overlay !== null) : [];
  const controlForms = formsWithControls(junk);
  if (passes['junk-tags']) for (const node of [...junk, ...fallbacks]) remove(node, 'junk-tags');
  for (const label of labels) keepLabel(label);
  for (const phrase of phrases) keepPhrase(phrase);
  // One walk for every test below; elements removed by an earlier test are skipped as disconnected.
  const all = descendants(body);

  const pageText = textLength(body);
  // `byProse`: a block with real paragraphs is spared too (a misnamed wrapper); one with the page title always is.
  const removeUnlessSpared = (element: Element, rule: RuleName, byProse = true): void => {
    if (NEVER_REMOVED.has(element.tagName) || !element.isConnected) return;
    // The site's footer is chrome however much of the page's text or prose it holds.
    const siteFooter = passes['site-footer'] && isSiteFooter(element);
    if (!siteFooter && (holdsMuchOfPage(element, rule) || (byProse ? holdsProse(element) : hasDescendantTag(element, H1)))) return;
    // Asked last, of the few elements about to go: it searches the whole subtree.
    if (wrapsPageMain(element)) return;
    remove(element, siteFooter ? 'site-footer' : rule);
  };

  const holdsMuchOfPage = (element: Element, rule: RuleName): boolean => {
    const length = textLength(element);
    return length > THRESHOLDS.CHROME_SPARED_SHARE * pageText && !(SPARED_UNLESS_LINKS.has(rule) && isMostlyLinks(element, length));
  };

  const commentsUnderPost = passes.comments === 'always' || (passes.comments === 'unless-thread' && !atThreadAddress);
  if (passes.modals) removeModals(all, overlays);
  // A collapsed panel kept is shown: Readability skips what is hidden.
  // Asked again by a later pass (hidden two ways), a kept panel stays: its truncated excerpt is gone by then.
  const shown = new Set<Element>();
  const keepPanel = (element: Element): boolean => {
    if (disclosed === null) return false;
    if (shown.has(element)) return true;
    // A "Read more" expander's whole text is kept, and the truncated excerpt standing for it goes.
    const excerpt = excerptOf(element);
    if (excerpt) remove(excerpt, 'collapsed-panels');
    else if (!isCollapsedPanel(element, disclosed)) return false;
    showPanel(element);
    shown.add(element);
    return true;
  };
  if (passes['hidden-text-copies']) for (const element of all) if (isHiddenPre(element)) remove(element, 'hidden-text-copies');
  if (passes.landmarks) {
    for (const element of all) {
      if (!isChrome(element) || (isHiddenOnly(element) && keepPanel(element))) continue;
      if (isListingLandmark(element) && !(passes['site-footer'] && isSiteFooter(element))) removeListingLandmark(element);
      else removeUnlessSpared(element, 'landmarks');
    }
  }
  if (passes['hidden-style']) {
    for (const element of all) {
      // Shown as its script would show it: Readability skips what is hidden, and the html format would hide it.
      if (isScriptRevealed(element)) showPanel(element);
      else if (isHiddenByStyle(element) && !keepPanel(element)) removeUnlessSpared(element, 'hidden-style');
    }
  }
  // Decided after the landmark passes: a link post's menus and footer are not a story of its own.
  const storyBeside = passes.comments === false || hasStoryBesideComments(body, all);
  const dropComments = (): boolean => storyBeside && commentsUnderPost;
  const postChrome: Element[] = [];
  // What is left of the page once the landmarks went, read once (the whole body's text) when a related list or a promotion asks.
  let textLeft: number | undefined;
  const leftOfPage = (): number => (textLeft ??= textLength(body));
  // Whether the page has an <h1> left, read once when a sidebar asks.
  let hasTitle: boolean | undefined;
  const pageHasTitle = (): boolean => (hasTitle ??= hasDescendantTag(body, H1));
  // Blocks kept as the page's own list under a chrome name (isPagesOwnList).
  const pagesOwnLists: Element[] = [];
  for (const element of all) {
    const names = elementNamesIfAny(element);
    if (names === null) continue;
    if (disclosed) dropHiddenState(element, names, disclosed);
    if (passes.embeds && EMBED_WORDS.test(names)) {
      // Readability weighs "media" and "social" in class names against a block: an embed's names say nothing of its worth.
      element.removeAttribute('class');
      element.removeAttribute('id');
    } else if (passes['chrome-names'] && isPrintOnly(element, names)) {
      // Never on screen, so its prose is no reason to spare it.
      removeUnlessSpared(element, 'print-only', false);
    } else if (passes['chrome-names'] && namesChrome(names)) {
      // An infinite-scroll grid named "pagination" is the items, not a pager bar.
      if (passes['paged-grids'] && isPagedGrid(element, names)) continue;
      const group = chromeNameRule(names);
      // A tick's or a cross's words for screen readers are what its table cell says.
      if (group === 'screen-reader-text' && isCellValue(element)) continue;
      // Inside a block kept as the page's own list, a part named like it is part of that list.
      if (OWN_LIST_GROUPS.has(group) && pagesOwnLists.some((list) => list.contains(element))) continue;
      // A related list's items are other pages': neither their prose nor their length spares it, unless it is the page's own.
      if (group === 'related-lists' && !holdsProseOutsideItems(element)) {
        if (isPagesOwnList(element, leftOfPage)) pagesOwnLists.push(element);
        else removeUnlessTitled(element, 'chrome-names');
      }
      // A promotion that holds most of the page, without prose, is the page's own cards.
      else if (group === 'ads' && isPagesOwnList(element, leftOfPage)) pagesOwnLists.push(element);
      // A sidebar is a complementary landmark by name (chrome-names.ts namesSidebar), when the page's title
      // is what tells it from a layout named after one: beside the title's column, not holding it.
      else if (namesSidebar(names) && pageHasTitle()) removeListingLandmark(element, 'chrome-names');
      // A consent dialog's paragraphs about cookies are no reason to spare it.
      else removeUnlessSpared(element, 'chrome-names', !isConsentDialog(element, names));
    } else if (passes['chrome-names'] && namesSkipLink(names) && isSkipLinks(element)) {
      remove(element, 'chrome-names');
    } else if (passes['story-rails'] && namesStoryRail(element, names) && holdsLink(element)) {
      // A rail links to its stories; a heading that merely says "most popular" is no rail.
      removeUnlessSpared(element, 'chrome-names');
    } else if (namesComments(names) && !isInCode(element) && dropComments()) removeUnlessTitled(element, 'comments');
    else if (passes['author-boxes'] && element.isConnected && isAuthorBox(element, names, textLength, pageText)) removeUnlessTitled(element, 'author-boxes');
    else if (passes.reviews && namesReviews(names)) removeUnlessTitled(element, 'reviews');
    else if (passes['fine-print'] && isFinePrint(names)) removeUnlessTitled(element, 'fine-print');
    else if (passes.facets && element.isConnected && isFacetPanel(element, textLength, pageText)) remove(element, 'facets');
    else if (passes['post-chrome'] && isPostChrome(names)) postChrome.push(element);
    else if (passes['qa-comments'] && namesComments(names) && isInsideQaPost(element)) removeUnlessTitled(element, 'qa-comments');
  }
  if (passes['post-chrome'] === 'always' || postChrome.length >= THRESHOLDS.POST_CHROME_MIN_REPEATS) {
    for (const element of postChrome) removeUnlessSpared(element, 'post-chrome');
  }
  if (passes['buy-forms']) for (const element of all) if (isBuyForm(element)) removeUnlessSpared(element, 'buy-forms');
  if (passes['control-forms']) for (const form of controlForms) if (holdsNoParagraph(form)) removeUnlessSpared(form, 'control-forms');
  if (passes.reviews) for (const element of all) if (isReviewItem(element)) removeUnlessTitled(element, 'reviews');
  if (passes['site-headers']) for (const header of all) if (isSiteHeader(header)) remove(header, 'site-headers');
  if (passes['tag-lists']) removeTagLists(all, NEVER_REMOVED);
  return { linkPost: !storyBeside };
}

/**
 * Modals go unless they hold the page title: the first <h1> outside any modal (without one, any <h1>).
 * Overlays that open with a close button (page-chrome.ts) go unless they hold an <h1>.
 */
function removeModals(all: Element[], overlays: readonly Element[]): void {
  const pageTitle = all.find((element) => element.tagName === 'H1' && !hasAncestorOrSelf(element, isModal)) ?? null;
  for (const element of all) {
    if (!isModal(element) || NEVER_REMOVED.has(element.tagName) || !element.isConnected) continue;
    if (pageTitle ? !element.contains(pageTitle) : !hasDescendantTag(element, H1)) remove(element, 'modals');
  }
  for (const overlay of overlays) removeUnlessTitled(overlay, 'modals');
}

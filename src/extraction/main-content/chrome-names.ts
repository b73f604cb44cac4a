/**
 * class/id words that name a block as page chrome, grouped by what the block is; each group is a
 * named rule (the row 'chrome-names' of the policy switches them all). A block is tested once against
 * all words together; the group that matched is looked up only when a removal is being explained.
 * All since the first boilerplate pass (320360e) unless said otherwise.
 */
import { namedBesidesAnchor, wholeWords } from '../dom/element-names.js';

/** A sidebar's name, in one word or two (`side-bar`): a menu by name, and read as a landmark beside the title (namesSidebar). */
const SIDEBAR = 'side-?bar';

const CHROME_WORD_GROUPS = {
  /**
   * Site navigation: menus, breadcrumbs, pagers, toolbars, the masthead, sidebars and footers named so; DocBook's Prev/Up/Next tables
   * (PostgreSQL's manual, 2864: 0.70 -> 0.74). A footer's legal line named `copyright` (The Hill's address and terms in Readability's
   * pick, scrapinghub 6ebac05f precision 0.93 -> 0.98; dictionary.com's source notices, WCXB 0318 0.79 -> 0.87; WCXB dev +0.0001,
   * 2 pages up, none down; scrapinghub +0.0002). A sidebar spelt as two words too (`side-bar`: a health economist's blog,
   * Dragnet R487 0.26 -> 0.71; WCXB dev 0647, 0648 and 2927 up, +0.00003, none down; every other set unchanged).
   */
  menus: ['nav', 'navbar', 'navigation', 'menu', 'breadcrumbs?', 'footer', SIDEBAR, 'pagination', 'pager', 'toolbar', 'masthead', 'site-header', 'navheader', 'navfooter', 'copyright'],
  /** Cookie and consent banners. */
  'cookie-banners': ['cookies?', 'consent', 'gdpr'],
  /** Newsletter and sign-up boxes. */
  'newsletter-boxes': ['newsletter', 'subscribe', 'subscription', 'signup'],
  /** Share bars and social buttons (embedded posts are exempt: acc2940). */
  'share-bars': ['share', 'sharing', 'social'],
  /** Related-story lists, recommendation feeds (Outbrain, Taboola) and tag lists. */
  'related-lists': ['related', 'recommended', 'recommendations', 'tags', 'outbrain', 'taboola'],
  /** Advertising and promotions. */
  ads: ['promo', 'advert', 'advertisement', 'ads?', 'adslot', 'sponsored'],
  /** Pop-ups and modals named so (role=dialog is the 'modals' rule). */
  popups: ['popup', 'modal'],
  /** Comment forms and comment widgets (the comments themselves are the 'comments' rule). */
  'comment-forms': ['comment-form', 'respond', 'disqus'],
  /**
   * Text only screen readers get ("Skip to content", "Opens in a new window"); `off-screen` is the BBC's
   * ("Image copyright" before every credit) and Amazon's `a-offscreen` (prices spelt out: WCXB dev +0.00003,
   * 0613 0.89 -> 0.92, 3058; scrapinghub 70cb2d5b precision 0.919 -> 0.922).
   */
  'screen-reader-text': ['visually-hidden', 'sr-only', 'screen-reader-text', 'off-?screen'],
  /**
   * Blocks a site shows only on paper: a print masthead, a reprints notice (Barron's "This copy is for your
   * personal, non-commercial use only…", scrapinghub f8ff621a, precision 0.90 -> 0.97). Never on screen, so
   * never what a reader came for. scrapinghub 0.9704 -> 0.9707 (that page alone); WCXB dev unchanged.
   * Bootstrap's `d-none d-print-block` says the same (isPrintOnly); no prose spares such a block.
   */
  'print-only': ['print-only', 'printonly', 'print-header', 'header-print', 'visible-print', 'show-for-print'],
  /**
   * Skip links ("Skip to content"), removed only when they are links (boilerplate.ts isSkipLinks): the word
   * also names what is no link at all, a section `class="skip-item"` (4233: NETGEAR's article, 0.85 -> 0.99),
   * Tailwind's `decoration-skip-ink-none` on a tooltip in a sentence (0692: 0.81 -> 0.95), WordPress's
   * `skip-lazy` on a picture, and the links' target (`<div id="skip-to-content">`, 0656: 0 -> 0.47).
   * WCXB dev +0.00044 on 5 pages (2847 down: its annotators left out what the tooltips say); folds
   * +0 +0.0016 +0.0001 +0.0005 +0; scrapinghub unchanged.
   */
  'skip-links': ['skip', 'skiplinks?', 'skipnav'],
  /**
   * Rails of other stories on a story's page, "Trending", "Most read": The Sun's `rail rail--trending` inside
   * the article body (scrapinghub 8b194530 precision 0.80 -> 0.95; scrapinghub 0.9718 -> 0.9722; WCXB dev one
   * page up, none down). Only on pages declaring an article (policy 'story-rails'): on a hub, a listing or a
   * thread such a list is the page (3 pages there lost 0.07-0.21 with the words everywhere). Only a block
   * holding a link (boilerplate.ts): a heading whose slug says "most popular" is no rail.
   */
  'story-rails': ['trending', 'most-?read', 'most-?popular', 'most-?viewed'],
};

export type ChromeNameRule = keyof typeof CHROME_WORD_GROUPS;

/** Groups whose names alone make a block chrome; the others need their own shape too, or a test of their own (isPrintOnly). */
const BY_NAME_ALONE = Object.entries(CHROME_WORD_GROUPS).filter(([rule]) => rule !== 'skip-links' && rule !== 'story-rails' && rule !== 'print-only');

/** Every such group's words in one pattern: the test every named element pays for. */
const CHROME_WORDS = wholeWords(BY_NAME_ALONE.flatMap(([, words]) => words));
const SKIP_WORDS = wholeWords(CHROME_WORD_GROUPS['skip-links']);
const STORY_RAIL_WORDS = wholeWords(CHROME_WORD_GROUPS['story-rails']);

const GROUP_PATTERNS = Object.entries(CHROME_WORD_GROUPS).map(([rule, words]) => [rule as ChromeNameRule, wholeWords(words)] as const);

/** Whether class/id `names` name a block as chrome. */
export function namesChrome(names: string): boolean {
  return CHROME_WORDS.test(names);
}

const PRINT_ONLY_WORDS = wholeWords(CHROME_WORD_GROUPS['print-only']);
/** Bootstrap's "print only" utilities, `d-none d-print-block`: hidden on every screen, shown on paper. */
const HIDDEN_ON_SCREEN = /(?:^|\s)d-none(?:\s|$)/;
const SHOWN_IN_PRINT = /(?:^|\s)d-print-[a-z]/;

/**
 * Whether `element` is shown only on paper: named so, or by Bootstrap's utilities (read from the class
 * itself: "d-none" is a negated token, left out of `names`). phys.org's print-only citation and copyright
 * notice under every story (scrapinghub e1c7023e precision 0.92 -> 0.99; scrapinghub 0.9730 -> 0.9732, WCXB dev
 * unchanged).
 */
export function isPrintOnly(element: Element, names: string): boolean {
  if (PRINT_ONLY_WORDS.test(names)) return true;
  const className = element.getAttribute('class');
  return className !== null && SHOWN_IN_PRINT.test(className) && HIDDEN_ON_SCREEN.test(className);
}

/** Whether class/id `names` name a skip link (chrome when it is links: boilerplate.ts). */
export function namesSkipLink(names: string): boolean {
  return SKIP_WORDS.test(names);
}

/** Whether `element`'s class/id `names` name a rail of other stories (chrome beside a story: boilerplate.ts), an anchor id aside. */
export function namesStoryRail(element: Element, names: string): boolean {
  return namedBesidesAnchor(STORY_RAIL_WORDS, element, names);
}

/**
 * A block named as a sidebar is what a complementary landmark is (boilerplate.ts reads it as one): its widgets'
 * feeds of other posts, with their excerpts, do not make it a misnamed wrapper, as real paragraphs and a share
 * of the page spare other chrome-named blocks. Skepchick's `#sidebar` of a network's recent posts (excerpts of
 * 200 characters) was spared and made our root the whole page (Dragnet R112 0.43 -> 1.00); a German blog's
 * sidebar of recent comments that PHP warnings had made prose (trafilatura's set 0096). Read so only on a page
 * with an <h1> outside the block (one inside spares it): a page without a title cannot tell a sidebar from a
 * layout named after one (`sidebar-layout` around a shop's cards), and two of the 15 posts it would gain have none.
 * Dragnet 0.88415 -> 0.88757 (13 up, none down), trafilatura's set 0.9282 -> 0.9285; WCXB dev, scrapinghub and
 * both unseen halves: every output identical. A layout's modifier names the wrapper that has a sidebar, not
 * the sidebar: `o-layout has-sidebar` holds a trade site's listing itself (WCXB dev 0260, 0.97 -> 0 read as one).
 */
const SIDEBAR_WORDS = wholeWords([SIDEBAR]);
const SIDEBAR_LAYOUT = /(?:has|with|no|without)[-_]+side[-_]?bar/gi;

/** Whether class/id `names` name a sidebar (not the layout holding one), in one word or two (`side-bar`). */
export function namesSidebar(names: string): boolean {
  return SIDEBAR_WORDS.test(names.replace(SIDEBAR_LAYOUT, ''));
}

/** Which group's words `names` hold, the first in the table's order (for explanations and consent-dialogs.ts; `names` passed namesChrome). */
export function chromeNameRule(names: string): ChromeNameRule {
  for (const [rule, pattern] of GROUP_PATTERNS) if (pattern.test(names)) return rule;
  return 'menus';
}

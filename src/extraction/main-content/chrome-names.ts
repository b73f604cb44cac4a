/**
 * class/id words that name a block as page chrome, grouped by what the block is; each group is a
 * named rule (the row 'chrome-names' of the policy switches them all). A block is tested once against
 * all words together; the group that matched is looked up only when a removal is being explained.
 * All since the first boilerplate pass (320360e) unless said otherwise.
 */
import { wholeWords } from '../dom/element-names.js';

const CHROME_WORD_GROUPS = {
  /** Site navigation: menus, breadcrumbs, skip links, pagers, toolbars, the masthead, sidebars and footers named so; DocBook's Prev/Up/Next tables (PostgreSQL's manual, 2864: 0.70 -> 0.74). */
  menus: ['nav', 'navbar', 'navigation', 'menu', 'breadcrumbs?', 'footer', 'sidebar', 'skip', 'pagination', 'pager', 'toolbar', 'masthead', 'site-header', 'navheader', 'navfooter'],
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
  /** Text only screen readers get ("Skip to content", "Opens in a new window"). */
  'screen-reader-text': ['visually-hidden', 'sr-only', 'screen-reader-text'],
};

export type ChromeNameRule = keyof typeof CHROME_WORD_GROUPS;

/** Every group's words in one pattern: the test every named element pays for. */
const CHROME_WORDS = wholeWords(Object.values(CHROME_WORD_GROUPS).flat());

const GROUP_PATTERNS = Object.entries(CHROME_WORD_GROUPS).map(([rule, words]) => [rule as ChromeNameRule, wholeWords(words)] as const);

/** Whether class/id `names` name a block as chrome. */
export function namesChrome(names: string): boolean {
  return CHROME_WORDS.test(names);
}

/** Which group's words `names` hold (for explanations; `names` passed namesChrome). */
export function chromeNameRule(names: string): ChromeNameRule {
  for (const [rule, pattern] of GROUP_PATTERNS) if (pattern.test(names)) return rule;
  return 'menus';
}

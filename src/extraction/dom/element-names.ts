/**
 * What a page calls an element: its class and id joined by a space, and the component it declares itself
 * with `is` (a customized built-in element, HTML's own way to name one). Every rule that reads markup's
 * names (chrome, comments, facets, panels, buy forms, bylines, page dates, block features) tests this one
 * string, so a word in any of them counts the same everywhere. WordPress's Flynt theme names its blocks
 * only so (`<div is="flynt-form-newsletter">`): the sign-up box's status lines were Readability's pick
 * over a one-paragraph press note (trafilatura's set 0636: 0 of 3 marked lines -> 3 of 3; the set 0.9241
 * -> 0.9247); no output on WCXB dev, scrapinghub or either unseen half changed.
 */
export function elementNames(element: Element): string {
  return withComponent(`${affirmed(element.getAttribute('class') ?? '')} ${element.getAttribute('id') ?? ''}`, element.getAttribute('is'));
}

const withComponent = (names: string, is: string | null): string => (is === null ? names : `${names} ${is}`);

/**
 * A class that says what a block is not or hides names nothing: "no-sidebar" on a page wrapper,
 * "hide-read-more-ad" on a grid of stories (Condé Nast's section pages: the grid read as an ad, WCXB
 * 2971 0.29 -> 0.88), "no-comments", "without-ads"; or a setting turned off, "sidebar-enabled--false" on
 * a blog post's body (4614 0.98 -> 1.00), "social-show-label-false". Such tokens are left out of the names
 * every rule reads; a cheap test first, since nearly no class has one. So is the part of a token from
 * "-has-" or "-with-" on: Squarespace's `summary-item-has-author` is an item that shows its author, not an
 * author box, and read so every teaser of a blog's list went (a page outside the shared sets, 0.20 -> 0.96;
 * WCXB dev and scrapinghub unchanged). A token that starts so says how the block itself looks and stays:
 * dropping those too (WordPress's `has-legal-font-size` on fine print) moved 3 WCXB dev pages down.
 */
const NEGATED = /(?:^|\s)(?:no|hide|without|not)[-_]|[-_](?:false|disabled|none|off)(?:\s|$)|[_-](?:has|with)[-_]/i;
const NEGATED_TOKENS = /(?:^|\s)(?:no|hide|without|not)[-_]\S*|\S*[-_](?:false|disabled|none|off)(?=\s|$)|[_-](?:has|with)[-_]\S*/gi;
/**
 * Tailwind's arbitrary values are CSS, not names: `top-[var(--nav-height)]` on every panel of a phone's
 * product page read as "nav" and the panels went (OnePlus, WCXB 3065: 0.53 -> 0.69), as did
 * `[text-decoration-skip-ink:none]` on a link in a sentence. A token holding "[" is left out too.
 * WCXB dev +0.00013 on 3 pages, none down; scrapinghub unchanged; the learned pass held out (`train:blocks`)
 * 0.8829 -> 0.8835.
 */
const ARBITRARY_VALUE_TOKENS = /\S*\[\S*/g;
/**
 * Blog software files a post under its topics and writer in the post's own classes: WordPress's
 * `category-<slug>`, `tag-<slug>` and `author-<slug>` beside `type-post` and `hentry`, TypePad's
 * `entry-category-<slug>` and `entry-author-<slug>` beside `entry-type-post`. Those say what the post is
 * about, not what the block is: a law blog's post filed under "Legal Business" read as fine print, and one by
 * its writer's slug as an author box, and the story went. Dragnet's pages (`dragnet:eval`) 0.85115 -> 0.85693,
 * 17 up and 1 down (TypePad's R522 0.01 -> 0.99, R976 0 -> 0.90); WCXB dev -0.00002 (2 pages up, 4 down, by
 * the learned pass's reading of the names); the unseen halves, scrapinghub and trafilatura's set unchanged.
 * Read so only beside the post-type marker those classes come with: an `author-box` or a `tag-list`
 * elsewhere is named for what it is.
 */
const POST_CLASS_MARKER = /(?:^|\s)(?:(?:entry-)?type-(?:post|page)|hentry|status-publish)(?:\s|$)/i;
const FILED_UNDER_TOKENS = /(?:^|\s)(?:entry-)?(?:category|tag|author)-\S+/gi;
function affirmed(className: string): string {
  let named = className.includes('[') ? className.replace(ARBITRARY_VALUE_TOKENS, ' ') : className;
  // A cheap test first: nearly no class holds a post-type marker.
  const marksPost = (named.includes('type-') || named.includes('hentry') || named.includes('status-publish')) && POST_CLASS_MARKER.test(named);
  if (marksPost) named = named.replace(FILED_UNDER_TOKENS, ' ');
  return NEGATED.test(named) ? named.replace(NEGATED_TOKENS, ' ') : named;
}

/** The same, or null for an element with none of the three attributes: walks over every element skip most without building a string. */
export function elementNamesIfAny(element: Element): string | null {
  const className = element.getAttribute('class');
  const id = element.getAttribute('id');
  const is = element.getAttribute('is');
  return className === null && id === null && is === null ? null : withComponent(`${affirmed(className ?? '')} ${id ?? ''}`, is);
}

/**
 * A hyphen joining words in a pattern (outside a [...] class) matches an underscore too: themes join a
 * name's words either way (`site_header`, `author_section`, BEM's `block__element`). WCXB dev +0.00003, one
 * page up (4343 0.44 -> 0.48), none down; scrapinghub and the unseen pages unchanged.
 */
const eitherJoiner = (word: string): string => word.replace(/-(?![^[]*\])/g, '[-_]');

/** A pattern matching any of `words` as a whole word of class/id names (split at space, `_` and `-`). */
export const wholeWords = (words: readonly string[]): RegExp =>
  new RegExp(`(?:^|[\\s_-])(?:${words.map(eitherJoiner).join('|')})(?:$|[\\s_-])`, 'i');

/** Letters and digits only: slugs drop the rest ("2.1 Cherry" -> "21-cherry"). */
const squash = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
/** Slug generators put a counter or a short tag before the text ("h-", "1-2-", "toc-"). */
const ANCHOR_PREFIX_MAX_CHARS = 8;

/**
 * Whether `id` is an anchor spelling `text` rather than a name: "cookies" over "Cookies¶", or
 * "2-21-cherry-blossom-time-in-japan-" over "2.1 Cherry blossom time in Japan" (a table-of-contents
 * plugin's heading anchors). Its words are then the text's, not what the block is.
 */
export function isAnchorFor(id: string, text: string): boolean {
  const slug = squash(id);
  const spelled = squash(text);
  return spelled.length > 0 && slug.endsWith(spelled) && slug.length - spelled.length <= ANCHOR_PREFIX_MAX_CHARS;
}

/**
 * Whether `pattern` matches `element`'s `names` (elementNames), an anchor id aside: a heading's
 * "best-time-to-visit-japan" or "babbel-germanys-most-popular-language-learning-app" is its own text as a
 * slug, not a "time" line or a "most popular" rail. The text is read only when the names matched.
 */
export function namedBesidesAnchor(pattern: RegExp, element: Element, names: string): boolean {
  if (!pattern.test(names)) return false;
  const id = element.getAttribute('id');
  if (id === null || !isAnchorFor(id, element.textContent ?? '')) return true;
  // The names end with the id (elementNames): the class alone is what is left.
  return pattern.test(names.slice(0, names.length - id.length));
}

/**
 * Reader comments: boilerplate under an article, but the very content of a forum thread; on a page declaring
 * nothing, its address tells which (atThreadAddress).
 */
import { collapsedLength as textLength, hasAncestorOrSelf, isInCode } from '../dom/dom-walk.js';
import { THRESHOLDS } from './thresholds.js';
import { elementNamesIfAny, wholeWords } from '../dom/element-names.js';

/**
 * Trackbacks and pingbacks are comments other blogs leave by link ("TrackBack URL for this entry: …",
 * "Listed below are links to weblogs that reference …"), in Movable Type's and TypePad's `trackbacks` block
 * and WordPress's `pingback` list: Dragnet's pages 0.85693 -> 0.85899 (29 up, 2 down; Bob Sutton's TypePad
 * post R263 0.24 -> 1.00); no page of the shared sets, the unseen halves or trafilatura's set has one.
 */
const COMMENT_WORDS = wholeWords(['comments?', 'commentlist', 'comment-list', 'comments-area', 'comment-section', 'trackbacks?', 'pingbacks?']);

/**
 * A live ticker's entries are its commentary, not reader comments: `live-match-comment` on each minute of a
 * match report (French "commentaire", the commentator's line), `live-comments` on a live blog. A name word
 * joined to "live" before the comment word says so (sports.fr's match page in trafilatura's evaluation set:
 * the whole ticker went, 795 of 8,996 characters kept, 0 of 3 marked lines). No page of the shared sets
 * names a block so.
 */
const LIVE_COMMENTARY = /(?:^|[\s_-])live[-_](?:\S*[-_])?comments?(?:$|[\s_-])/i;

/** Whether class/id `names` name a block of reader comments. */
export function namesComments(names: string): boolean {
  return COMMENT_WORDS.test(names) && !LIVE_COMMENTARY.test(names);
}

/**
 * Discussion threads at addresses that page-kind.ts does not read as a forum's: an old Reddit thread
 * (`/r/<sub>/comments/<id>/`), a Lemmy post (`/post/<id>`), an Invision board without friendly URLs
 * (`index.php?/topic/<id>-<title>/`), a Hacker News item (`/item?id=<id>`). Read with the query, where Invision
 * and Hacker News write them.
 */
const THREAD_ADDRESSES: readonly RegExp[] = [/\/r\/[^/]+\/comments\/[a-z0-9]+/i, /^\/post\/\d+\/?$/, /^\/index\.php\?\/topic\/\d+/i, /^\/item\?id=\d+/];

/**
 * Whether `pageUrl` is a discussion thread's own address (THREAD_ADDRESSES), where the comments are the
 * page. On a page declaring nothing, reader comments are boilerplate anywhere else: annotators keep the story
 * above them and drop them on news sites and blogs alike. Dragnet's 1,381 news and blog pages of 2012
 * (`dragnet:eval`, truths that stop at the comments): 0.86551 -> 0.87959 mean page F1 (42 up, 1 down by
 * 0.001), where trafilatura reads 0.89468 and rs-trafilatura 0.82764: Slashdot's stories (the story in a
 * block of its own, its hundreds of comments in another) and news sites' "says:" threads. WCXB dev 0.89974
 * -> 0.90002 (Slashdot's 0396 0.12 -> 0.98 against its 0570 0.75 -> 0.14, whose truth keeps the comments;
 * 0496 and three listings), trafilatura's set 0.9281 -> 0.9282; the unseen halves and scrapinghub unchanged.
 * Before, comments went on such a page only under one marked-up blog entry or on a page made with blog
 * software; dropping them everywhere cost three threads whose truths keep them, which is why addresses are
 * read: old Reddit 0562, Lemmy 0573 and an Invision board's 5072 fell to 0.08, 0.62 and 0.01 without. Read
 * as declared forums instead, Invision's lost the quoted posts and posters' names its truth keeps (0.99 ->
 * 0.86). No page of the sets is a Hacker News item; its address is here for the same reason as Reddit's.
 */
export function atThreadAddress(pageUrl: string): boolean {
  let address: string;
  try {
    const url = new URL(pageUrl);
    address = url.pathname + url.search;
  } catch {
    return false;
  }
  return THREAD_ADDRESSES.some((pattern) => pattern.test(address));
}

/** The outermost blocks of `all` (in document order) whose class/id name reader comments, outside code (syntax highlighters mark code comments up as "comment" spans: "hljs-comment", "token comment"). */
function commentBlocks(all: Element[]): Element[] {
  const blocks: Element[] = [];
  for (const element of all) {
    if (!element.isConnected || blocks.at(-1)?.contains(element)) continue;
    const names = elementNamesIfAny(element);
    if (names !== null && namesComments(names) && !isInCode(element)) blocks.push(element);
  }
  return blocks;
}

/**
 * Whether the page has a story of its own beside its comment blocks: a real paragraph outside them, or
 * STORY_MIN_TEXT characters. A link post (lobste.rs, Hacker News, a subreddit's link) has neither: its
 * comments are what the page is, and dropping them left WCXB 0575 (a lobste.rs thread, 976 words of
 * comments in the truth) with its title and byline alone. On both shared sets no other page changes,
 * even at 1,000 characters.
 */
export function hasStoryBesideComments(body: Element, all: Element[]): boolean {
  const blocks = commentBlocks(all);
  if (blocks.length === 0) return true;
  const inComments = blocks.reduce((sum, block) => sum + textLength(block), 0);
  if (textLength(body) - inComments >= THRESHOLDS.STORY_MIN_TEXT) return true;
  // A set and a walk up (nesting is capped at parse): thousands of sibling comment blocks stay linear.
  const inBlock = new Set(blocks);
  return all.some(
    (element) =>
      element.tagName === 'P' && element.isConnected && textLength(element) >= THRESHOLDS.REAL_PARAGRAPH && !hasAncestorOrSelf(element, (node) => inBlock.has(node)),
  );
}

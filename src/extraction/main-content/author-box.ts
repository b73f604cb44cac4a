/**
 * The author box of an article: the writer's photo, name and a short biography, shown under (or
 * beside) the article by most blog themes and author plugins. Readers and the benchmarks'
 * annotators do not count it as the article; its prose is long enough that the byline patterns of
 * cleanup.ts (short lines) miss it, and Readability drops class names, so it is recognised here,
 * before scoring, by the names themes give it and by schema.org's Person-typed author.
 */
import { THRESHOLDS } from './thresholds.js';
import { wholeWords } from '../dom/element-names.js';

/**
 * class/id words of author boxes ("author-box", "post-author-info", "about-the-author", Simple Author Box, Starbox),
 * joined by a hyphen, an underscore (wholeWords reads both) or nothing ("author_section": WCXB dev 0261
 * 0.981 -> 0.996, no page down; Toptal's writer in trafilatura's evaluation set). A contributor's or writer's
 * box is the same box (SNO student papers' `contributor-bio`: WCXB 0186 0.977 -> 0.996; no other page of WCXB
 * dev, scrapinghub, the unseen halves or trafilatura's set moved).
 */
const AUTHOR_BOX_WORDS = wholeWords([
  'author-?(?:box|bio|info|card|profile|details|description|desc|about|wrap|wrapper|block|section)', 'about-?(?:the-?)?author',
  '(?:contributor|writer)-?(?:box|bio|info|card|profile)', 'bio-?box', 'saboxplugin-wrap', 'abh_box',
]);

/** The bare word, which names bylines as often as boxes ("post-author", "entry-author"): a box only by its shape (looksLikeBio). */
const AUTHOR_WORD = wholeWords(['author']);

/**
 * The shape of a biography: the writer's face (an image) or their link (rel="author"), and a paragraph of
 * AUTHOR_BIO_MIN_TEXT characters, under no h1/h2 (an article header holding the title and its byline is named
 * "author" too). Penci's `post-author` box, PetMD's vet and Brighterly's writer: WCXB dev 3 pages up
 * (0208 0.962 -> 0.979), scrapinghub 2 (0e014df6, 4219d096: precision +0.0007), no page down.
 */
function looksLikeBio(element: Element, textLength: (element: Element) => number): boolean {
  if (element.querySelector('h1, h2') !== null) return false;
  if (element.querySelector('img, a[rel~="author"]') === null) return false;
  for (const paragraph of element.querySelectorAll('p')) if (textLength(paragraph) >= THRESHOLDS.AUTHOR_BIO_MIN_TEXT) return true;
  return false;
}

/** schema.org types whose author is the page's writer: an article, a blog or forum posting, the page itself. */
const PAGE_WORK_TYPE = /(?:Article|Posting|Page|Blog)$/;

/**
 * Whether a Person typed as `author` writes the page rather than an item on it. Inside another item it is
 * that item's field: the writer of each book on Goodreads' "Best Books Ever" list (`<tr itemscope
 * itemtype="http://schema.org/Book">`, 99 names on WCXB 2908, 0.444 -> 0.472), a commenter's name under a
 * schema.org Comment (4087, 0.979 -> 0.981). WCXB dev +0.00002, no page down; scrapinghub, the unseen halves
 * and trafilatura's set unchanged (its typed authors are articles' bylines, and still go).
 */
function writesThePage(author: Element): boolean {
  for (let item = author.parentElement; item; item = item.parentElement) {
    if (!item.hasAttribute('itemscope')) continue;
    const types = (item.getAttribute('itemtype') ?? '').split(/\s+/).filter(Boolean);
    return types.length === 0 || types.some((type) => PAGE_WORK_TYPE.test(type));
  }
  return true;
}

/** Whether `element` (with class/id `names`) is an author box rather than a wrapper around content. */
export function isAuthorBox(element: Element, names: string, textLength: (element: Element) => number, pageText: number): boolean {
  const typedAuthor = element.getAttribute('itemprop') === 'author' && element.hasAttribute('itemscope') && writesThePage(element);
  if (!typedAuthor && !AUTHOR_BOX_WORDS.test(names) && !(AUTHOR_WORD.test(names) && looksLikeBio(element, textLength))) return false;
  const length = textLength(element);
  // Longer, or more of the page, is a misnamed wrapper (around the article or a list of writers).
  return length <= THRESHOLDS.AUTHOR_BOX_MAX_TEXT && length <= THRESHOLDS.AUTHOR_BOX_MAX_SHARE * pageText;
}

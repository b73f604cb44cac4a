/**
 * The author box of an article: the writer's photo, name and a short biography, shown under (or
 * beside) the article by most blog themes and author plugins. Readers and the benchmarks'
 * annotators do not count it as the article; its prose is long enough that the byline patterns of
 * cleanup.ts (short lines) miss it, and Readability drops class names, so it is recognised here,
 * before scoring, by the names themes give it and by schema.org's Person-typed author.
 */
import { THRESHOLDS } from './thresholds.js';
import { wholeWords } from '../dom/element-names.js';

/** class/id words of author boxes ("author-box", "post-author-info", "about-the-author", Simple Author Box, Starbox). */
const AUTHOR_BOX_WORDS = wholeWords([
  'author-?(?:box|bio|info|card|profile|details|description|desc|about|wrap|wrapper|block|section)', 'about-?(?:the-?)?author',
  'authorbox', 'authorbio', 'bio-?box', 'saboxplugin-wrap', 'abh_box',
]);


/** Whether `element` (with class/id `names`) is an author box rather than a wrapper around content. */
export function isAuthorBox(element: Element, names: string, textLength: (element: Element) => number, pageText: number): boolean {
  const typedAuthor = element.getAttribute('itemprop') === 'author' && element.hasAttribute('itemscope');
  if (!typedAuthor && !AUTHOR_BOX_WORDS.test(names)) return false;
  const length = textLength(element);
  // Longer, or more of the page, is a misnamed wrapper (around the article or a list of writers).
  return length <= THRESHOLDS.AUTHOR_BOX_MAX_TEXT && length <= THRESHOLDS.AUTHOR_BOX_MAX_SHARE * pageText;
}

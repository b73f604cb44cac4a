/**
 * Line numbers beside a code block: Pygments' `<span class="linenos"> 5</span>` before each line (Sphinx,
 * MkDocs), its table layout's `<td class="linenos">`, highlight.js's `hljs-ln-n`, Prism's `line-numbers-rows`.
 * Sites keep them out of a copy (`user-select: none`); in our text they glued onto the code, "5version: 2"
 * for `version: 2` (Read the Docs' configuration reference, an unseen WCXB page). A gutter is known by its name
 * and by holding nothing but numbers. Kept for the reader's copy, not the score: that page's annotators kept
 * the numbers as words ("5 version: 2"), so it reads 0.947 -> 0.942; WCXB dev and scrapinghub unchanged.
 */
import { wholeWords } from '../dom/element-names.js';

const GUTTER_NAMES = wholeWords(['linenos?', 'linenodiv', 'line-numbers?', 'line-numbers-rows', 'hljs-ln-numbers', 'hljs-ln-n']);
const ONLY_NUMBERS = /^[\s\d]*$/;

/** Whether `element` is a code block's line-number gutter (or one number of it). */
export function isLineNumberGutter(element: Element): boolean {
  const className = element.getAttribute('class');
  // Every element of the page is asked: a substring test first, the pattern only for the few that pass.
  if (className === null || !(className.includes('line') || className.includes('-ln-'))) return false;
  return GUTTER_NAMES.test(className) && ONLY_NUMBERS.test(element.textContent ?? '');
}

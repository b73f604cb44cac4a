/**
 * A script's data parked in the page as text: an object or array literal written out whole, keys quoted, outside
 * code. A language switcher's map of sites, `{'en-in': 'https://www.qburst.com/en-in/', 'en-jp': …}` in a span a
 * stylesheet hides (WCXB dev 0715 0.86 -> 0.92), Amazon's buy-box state `{"desktop_buybox_group_1":[{"displayPrice":…`
 * (0613 0.91 -> 0.92): WCXB dev +0.00005, no page down; every output of the unseen halves, scrapinghub and
 * trafilatura's set identical. No reader reads it and no truth holds it. Where such data is most of the content it is what
 * the page shows (Amazon's grid of products kept only as a widget's JSON, 0655, whose truth keeps the names), and
 * it stays, at the share that spares template filler (FILLER_PAGE_SHARE). Code keeps its literals: a manual's example response is its content.
 */
import { collapsedLength, isInCode, normalizedText } from '../dom/dom-walk.js';
import { remove } from './remove.js';
import { THRESHOLDS } from './thresholds.js';

/** A quoted key and its colon: `"price":`, `'en-in':`. */
const QUOTED_KEY = /["'][^"'\n]{1,80}["']\s*:/g;
const LITERAL = /^[[{][^]*[\]}]$/;

function isDataLiteral(text: string): boolean {
  if (!LITERAL.test(text)) return false;
  let keys = 0;
  QUOTED_KEY.lastIndex = 0;
  while (QUOTED_KEY.exec(text) && ++keys < THRESHOLDS.PARKED_DATA_MIN_KEYS);
  return keys >= THRESHOLDS.PARKED_DATA_MIN_KEYS;
}

/** The outermost element below `body` holding nothing but `element`'s text. */
function holderOf(element: Element, body: Element): Element {
  const length = collapsedLength(element);
  let holder = element;
  for (let parent = element.parentElement; parent && parent !== body && collapsedLength(parent) === length; parent = parent.parentElement) holder = parent;
  return holder;
}

/**
 * `body`: the extracted content (a small detached tree). Read per element, not per text node: the parser may
 * split a text at each character reference (`{&#x27;en-in&#x27;: …`).
 */
export function removeParkedData(body: Element): void {
  const found = new Set<Element>();
  let length = 0;
  const walker = body.ownerDocument.createTreeWalker(body, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const opening = (node.textContent ?? '').trimStart()[0];
    const parent = node.parentElement;
    if ((opening !== '{' && opening !== '[') || !parent || parent === body || found.has(parent)) continue;
    const text = normalizedText(parent);
    if (!isDataLiteral(text) || isInCode(parent)) continue;
    found.add(parent);
    length += text.length;
  }
  if (found.size === 0 || length >= THRESHOLDS.FILLER_PAGE_SHARE * collapsedLength(body)) return;
  for (const element of found) remove(holderOf(element, body), 'parked-data');
}

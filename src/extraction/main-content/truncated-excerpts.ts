/**
 * "Read more" expanders: a page shows a truncated excerpt ("…you can com...") and ships the whole text
 * beside it, hidden until the reader asks for it. The whole text is the content; the excerpt is its
 * shortened copy. A hidden block whose text starts with a nearby excerpt's, cut where the excerpt ends in
 * an ellipsis, is that whole text (boilerplate.ts keeps it as a collapsed panel and drops the excerpt).
 * WCXB dev +0.00009: a course catalogue's introduction (0132 0.83 -> 0.95), eBay's item condition (2888);
 * one page down by 0.003 (0614, eBay's seller blurb, whose annotators kept the excerpt and the whole text).
 * scrapinghub unchanged.
 */
import { collapsedLength, normalizedText } from '../dom/dom-walk.js';
import { THRESHOLDS } from './thresholds.js';

const ELLIPSIS = /(?:\.{3}|…)\s*$/;

/**
 * The visible excerpt that `hidden` is the whole text of: the element right before or after it, or
 * right before or after its parent (an expander's wrapper), or null. Only neighbours are read, so a
 * list of a thousand hidden items costs a thousand short looks, not a million.
 */
export function excerptOf(hidden: Element): Element | null {
  const full = normalizedText(hidden);
  if (full.length < THRESHOLDS.EXCERPT_MIN_TEXT) return null;
  for (const scope of [hidden, hidden.parentElement]) {
    if (!scope) continue;
    for (const neighbour of [scope.previousElementSibling, scope.nextElementSibling]) {
      if (neighbour && isExcerptOf(neighbour, full)) return neighbour;
    }
  }
  return null;
}

function isExcerptOf(candidate: Element, full: string): boolean {
  if (collapsedLength(candidate) >= full.length) return false;
  // Its own text up to the ellipsis; a "Read more" link after it is the expander's button.
  for (const piece of [candidate, candidate.firstElementChild]) {
    if (!piece) continue;
    const text = normalizedText(piece);
    if (!ELLIPSIS.test(text)) continue;
    const cut = text.replace(ELLIPSIS, '').trim();
    if (cut.length >= THRESHOLDS.EXCERPT_MIN_TEXT && full.startsWith(cut)) return true;
  }
  return false;
}

/**
 * Shops render some blocks twice, one copy per screen size (name and price above the gallery for
 * phones and beside it for desktops, feature cards in a carousel and a grid); without CSS both
 * copies stay. A later block whose whole text repeats an earlier block's is such a copy.
 * Landing and service pages declaring nothing do the same with their hero and feature boxes, and
 * articles with summary, promo and table boxes (or their whole body, once per layout).
 */
import { descendants, normalizedText } from '../dom/dom-walk.js';
import { remove } from './remove.js';
import { collectTextStats } from './text-stats.js';
import { THRESHOLDS } from './thresholds.js';

/**
 * In an article, cells, list items, quotes and paragraphs repeat legitimately (a training plan's
 * "Easy 30 min", a legend under two tables, an excerpt quoted twice): only long generic containers
 * (a promo box, a second copy of the body) are copies.
 */
const ARTICLE_COPY_TAGS = new Set(['DIV', 'SECTION', 'ASIDE', 'ARTICLE', 'FORM', 'MAIN']);

/** `body`: the extracted content (a small detached tree); `inArticle` keeps short repeats. */
export function removeDuplicateBlocks(body: Element, inArticle = false): void {
  const stats = collectTextStats(body);
  const minText = inArticle ? THRESHOLDS.ARTICLE_COPY_MIN_TEXT : THRESHOLDS.COPY_MIN_TEXT;
  const blocks = new Map<string, Element[]>();
  for (const element of descendants(body)) {
    if ((stats.get(element)?.text ?? 0) < minText || (inArticle && !ARTICLE_COPY_TAGS.has(element.tagName))) continue;
    const text = normalizedText(element);
    const same = blocks.get(text);
    if (!same) blocks.set(text, [element]);
    // A wrapper and its only child share a text: the child is no copy.
    else if (!same.some((block) => block.contains(element))) same.push(element);
  }
  for (const same of blocks.values()) {
    // A text shown more often than a phone, a desktop and a sticky bar would is a run of like items: all stay.
    if (same.length > THRESHOLDS.MAX_COPIES) continue;
    for (const copy of same.slice(1)) remove(copy, 'duplicates');
  }
}

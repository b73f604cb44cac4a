/**
 * Shops render some blocks twice, one copy per screen size (name and price above the gallery for
 * phones and beside it for desktops, feature cards in a carousel and a grid); without CSS both
 * copies stay. A later block whose whole text repeats an earlier block's is such a copy.
 */
import { descendants } from '../dom-walk.js';
import { collectTextStats } from './text-stats.js';

/** Shorter texts ("Add to cart", sizes, "Details") repeat legitimately. */
const MIN_COPY_TEXT = 25;

function normalized(element: Element): string {
  return (element.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** `body`: the extracted content (a small detached tree). */
export function removeDuplicateBlocks(body: Element): void {
  const stats = collectTextStats(body);
  const first = new Map<string, Element>();
  for (const element of descendants(body)) {
    if (!element.isConnected || (stats.get(element)?.text ?? 0) < MIN_COPY_TEXT) continue;
    const text = normalized(element);
    const original = first.get(text);
    if (!original) first.set(text, element);
    // A wrapper and its only child share a text: the child is no copy.
    else if (!original.contains(element)) element.remove();
  }
}

/**
 * Lazily loaded pictures. Pages ship a placeholder in `src` (a 1×1 data: GIF or SVG, "blank.gif") or
 * no `src` at all, and the picture's address where a loader script finds it: `data-src` (lazysizes and
 * most loaders), `data-lazy-src` (WP Rocket), `data-original` (jQuery Lazy Load), or a srcset, on the
 * <img> or on its <picture>'s <source>. A browser shows the picture; our markdown showed a placeholder
 * blob or nothing. We put the picture's address in `src`; a data: URI with no address behind it goes
 * (a base64 blob is no picture a reader or a model can use, and it costs thousands of tokens).
 * WCXB dev: 1,178 data: images in the markdown of 102 of 1,497 pages before, 0 after.
 */
import type { DomElement } from '../dom/dom.js';
import { elementsByTag } from '../dom/dom-walk.js';

/** Where loaders keep the picture's one address, most specific first. */
const LAZY_SOURCES = ['data-src', 'data-lazy-src', 'data-original', 'data-lazy'];
/** Where loaders keep a srcset (the <img>'s own srcset last: it may be the placeholder's). */
const LAZY_SETS = ['data-srcset', 'data-lazy-srcset', 'srcset'];
const PLACEHOLDER = /^data:|(?:^|\/)(?:blank|spacer|pixel|placeholder|transparent|1x1)\.(?:gif|png|svg)(?:$|[?#])/i;

/** The widest candidate of a srcset ("a.jpg 400w, b.jpg 800w" → "b.jpg"); the first when none says its width. */
function widestCandidate(srcset: string): string | null {
  let best: { url: string; width: number } | null = null;
  for (const candidate of srcset.split(/,\s+/)) {
    const [url, descriptor] = candidate.trim().split(/\s+/);
    if (!url || PLACEHOLDER.test(url)) continue;
    const width = descriptor?.endsWith('w') ? Number.parseInt(descriptor, 10) || 0 : 0;
    if (!best || width > best.width) best = { url, width };
  }
  return best?.url ?? null;
}

function pictureAddress(image: Element): string | null {
  for (const name of LAZY_SOURCES) {
    const value = image.getAttribute(name)?.trim();
    if (value && !PLACEHOLDER.test(value)) return value;
  }
  const sets = LAZY_SETS.map((name) => image.getAttribute(name));
  if (image.parentElement?.tagName === 'PICTURE') {
    for (const source of image.parentElement.children) if (source.tagName === 'SOURCE') sets.push(source.getAttribute('data-srcset'), source.getAttribute('srcset'));
  }
  for (const set of sets) {
    const url = set?.trim() && widestCandidate(set);
    if (url) return url;
  }
  return null;
}

/** Gives every lazily loaded <img> under `root` its picture's address (before links are made absolute). */
export function resolveLazyImages(root: DomElement): void {
  for (const image of elementsByTag(root as unknown as Element, 'IMG')) {
    const src = image.getAttribute('src')?.trim() ?? '';
    if (src && !PLACEHOLDER.test(src)) continue;
    const address = pictureAddress(image);
    if (address) image.setAttribute('src', address);
    else if (src.startsWith('data:')) image.removeAttribute('src');
  }
}

/** Per-element text and link-text lengths, computed in one walk so scoring never re-reads subtrees. */
import { isLinkElement } from '../dom/link-elements.js';
import { collapsedTextLength } from '../dom/text.js';

export interface TextStats {
  /** Characters of text (whitespace runs counted as one). */
  text: number;
  /** Characters of that text inside links. */
  link: number;
}

export type StatsMap = Map<Element, TextStats>;

const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);

export function collectTextStats(root: Element): StatsMap {
  const stats: StatsMap = new Map();
  const walk = (element: Element, inLink: boolean): TextStats => {
    const own: TextStats = { text: 0, link: 0 };
    const isLink = inLink || isLinkElement(element);
    // Siblings rather than childNodes, which builds an array per element (linkedom).
    for (let child = element.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) {
        const length = collapsedTextLength((child as Text).data, true);
        own.text += length;
        if (isLink) own.link += length;
      } else if (child.nodeType === 1 && !SKIPPED.has((child as Element).tagName)) {
        const sub = walk(child as Element, isLink);
        own.text += sub.text;
        own.link += sub.link;
      }
    }
    stats.set(element, own);
    return own;
  };
  walk(root, false);
  return stats;
}

/** Characters of text outside links: what the root choice calls prose. */
export function proseLength(stats: TextStats | undefined): number {
  return stats ? stats.text - stats.link : 0;
}

export function linkDensity(stats: TextStats | undefined): number {
  return stats && stats.text > 0 ? stats.link / stats.text : 0;
}

/** Whether `element` is part of a longer line: its parent holds more text than it does (a link or a phrase in a sentence). */
export function isInsideLongerText(element: Element, stats: StatsMap): boolean {
  const parent = element.parentElement;
  return parent !== null && (stats.get(parent)?.text ?? 0) > (stats.get(element)?.text ?? 0);
}

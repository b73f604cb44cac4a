/**
 * Our own content root, for pages where Readability's single-best-node model fails: forums (many
 * posts of equal weight), product pages (title, price, description and specs in separate boxes),
 * listings and collections (many similar items). After boilerplate removal, the root is the smallest
 * element that still holds nearly all of the page's non-link text.
 */
import { collectTextStats, proseLength, type StatsMap, type TextStats } from './text-stats.js';
import { H1, hasDescendantTag } from '../dom/dom-walk.js';
import { THRESHOLDS } from './thresholds.js';

function contentWeight(stats: TextStats | undefined): number {
  // Link text counts little: a menu of many links must not outweigh a paragraph.
  return stats ? stats.text - THRESHOLDS.LINK_TEXT_DISCOUNT * stats.link : 0;
}

function dominantChild(element: Element, stats: StatsMap): Element | null {
  const total = contentWeight(stats.get(element));
  if (total <= 0) return null;
  let best: Element | null = null;
  let bestWeight = 0;
  for (const child of element.children) {
    const weight = contentWeight(stats.get(child));
    if (weight > bestWeight) {
      best = child;
      bestWeight = weight;
    }
  }
  // A child holding most of its parent's text replaces the parent as the root.
  if (!best || bestWeight < THRESHOLDS.DOMINANT_CHILD_SHARE * total) return null;
  // The page's <h1> opens the main content: a product's name, price and specs sit beside a long
  // description, so we never descend past the block that still holds the title.
  if (hasDescendantTag(element, H1) && !hasDescendantTag(best, H1)) return null;
  return best;
}

export interface OwnCandidate {
  root: Element;
  stats: StatsMap;
  /** Characters of text in the root outside links (menus and tiles weigh little against prose). */
  proseLength: number;
  /** Characters of all text in the root, link text included (a listing's items are links). */
  textLength: number;
}

export function findOwnCandidate(body: Element): OwnCandidate | null {
  const stats = collectTextStats(body);
  let root: Element = body;
  for (let next = dominantChild(root, stats); next; next = dominantChild(root, stats)) root = next;
  const rootStats = stats.get(root);
  return rootStats && rootStats.text > 0 ? { root, stats, proseLength: proseLength(rootStats), textLength: rootStats.text } : null;
}

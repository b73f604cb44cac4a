/**
 * On a page about one product, a run of like sibling tiles, each a short text with a link
 * ("You may also like", "Customers also bought", recently viewed, variant pickers), is a
 * recommendation widget: the product's own description and specs are prose, tables and lists
 * without a link per item. Removing the tiles before choosing a content root keeps both our root
 * and Readability's pick on the product itself.
 */
import { descendants, HEADINGS } from '../dom/dom-walk.js';
import { isLinkElement, linksBelow } from '../dom/link-elements.js';
import { tileSignature } from './block-signature.js';
import { remove } from './remove.js';
import { collectTextStats, type StatsMap } from './text-stats.js';
import { THRESHOLDS } from './thresholds.js';

const TILE_TAGS = new Set(['LI', 'DIV', 'ARTICLE', 'SECTION']);
/** A currency sign or code beside an amount: "$8.03", "€ 95,25", "12.99 EUR", "GBP 0.00". */
const PRICE = /(?:[$€£¥₹]|\b(?:USD|EUR|GBP|AUD|CAD|CHF|JPY)\b)\s?\d|\d(?:[\d.,]*\d)?\s?(?:[€£$]|\b(?:USD|EUR|GBP|AUD|CAD|CHF|kr|zł)\b)/;

function isTile(element: Element, stats: StatsMap): boolean {
  const link = isLinkElement(element);
  if (!link && !TILE_TAGS.has(element.tagName)) return false;
  const own = stats.get(element);
  if (!own || own.text > THRESHOLDS.TILE_MAX_TEXT) return false;
  // Text tiles need link text; a tile of only an image and a link counts as well.
  if (own.text === 0) return link || linksBelow(element).some((below) => below.hasAttribute('href'));
  // A tile's name is its link; a feature card whose only link is "Learn more" is prose.
  if (link || own.link >= THRESHOLDS.TILE_MIN_LINK_SHARE * own.text) return true;
  // Script-driven tiles have no link, but each still shows a price; a product's facts are not a run of prices.
  return PRICE.test(element.textContent ?? '');
}

/** Returns the page's text stats (read before the tiles went; removed tiles are disconnected) for later passes. */
export function removeCardGrids(body: Element): StatsMap {
  const stats = collectTextStats(body);
  const grids: Element[][] = [];
  for (const parent of descendants(body)) {
    if (parent.children.length < THRESHOLDS.RUN_MIN_ITEMS) continue;
    const groups = new Map<string, Element[]>();
    for (const child of parent.children) {
      const key = tileSignature(child);
      const group = groups.get(key);
      if (group) group.push(child);
      else groups.set(key, [child]);
    }
    for (const group of groups.values()) {
      if (group.length >= THRESHOLDS.RUN_MIN_ITEMS && group.every((child) => isTile(child, stats))) grids.push(group);
    }
  }
  const pageText = stats.get(body)?.text ?? 0;
  let gridText = 0;
  for (const tiles of grids) for (const tile of tiles) gridText += stats.get(tile)?.text ?? 0;
  // Tiles holding most of the text are the page: a category grid that declares itself a product (its items' markup).
  if (gridText > THRESHOLDS.CONTENT_MIN_SHARE * pageText) return stats;
  for (const tiles of grids) {
    const parent = tiles[0]!.parentElement;
    for (const tile of tiles) remove(tile, 'card-grids');
    // The widget's heading ("Related products") goes with it once its list is empty.
    if (parent && parent.isConnected && !(parent.textContent ?? '').trim()) {
      const previous = parent.previousElementSibling;
      if (previous && HEADINGS.has(previous.tagName)) remove(previous, 'card-grids');
      remove(parent, 'card-grids');
    }
  }
  return stats;
}

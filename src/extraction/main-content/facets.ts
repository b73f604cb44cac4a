/**
 * Shop and listing pages put a filter panel beside their grid: facet checkboxes (sizes, colours,
 * price bands, brands with counts) and a sort menu. Readers and annotators do not count it as
 * content, but it sits inside the content column, so our root keeps it. Such panels name
 * themselves in class/id (filter, facet, refine, sort) or aria-label; boilerplate removal drops
 * them on pages that may be listings, before our root and Readability are chosen.
 */
import { H1, hasDescendantTag } from '../dom/dom-walk.js';
import { holdsLongParagraphs, ONE_PARAGRAPH } from './paragraphs.js';
import { THRESHOLDS } from './thresholds.js';
import { elementNames, wholeWords } from '../dom/element-names.js';

const FACET_WORDS = wholeWords(['filters?', 'filtering', 'facets?', 'faceted', 'refine', 'refinements?', 'sort', 'sorting', 'sortby', 'sort-by']);
const FACET_LABEL = /\b(?:filters?|facets?|refine|sort)\b/i;

export function namesFacets(element: Element): boolean {
  if (FACET_WORDS.test(elementNames(element))) return true;
  const label = element.getAttribute('aria-label');
  return label !== null && FACET_LABEL.test(label);
}

/** Facets are short labels; a block with a sentence-long paragraph is an item or a blurb (class="filter-active" on a card). */
function holdsParagraph(element: Element, lengthOf: (element: Element) => number): boolean {
  return holdsLongParagraphs(element, THRESHOLDS.FACET_LABEL_MAX_PARAGRAPH, lengthOf, ONE_PARAGRAPH);
}

/** A facet panel: named so, neither most of the content nor holding the title or a real paragraph. */
export function isFacetPanel(element: Element, lengthOf: (element: Element) => number, total: number): boolean {
  if (!namesFacets(element)) return false;
  return lengthOf(element) <= THRESHOLDS.FACET_MAX_SHARE * total && !hasDescendantTag(element, H1) && !holdsParagraph(element, lengthOf);
}

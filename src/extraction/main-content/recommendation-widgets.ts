/**
 * On a page about one product, a block led by a heading such as "You may also like", "People who
 * viewed this item also viewed", "Similar items" or "Seller's other items" is a recommendation
 * widget, whatever its tiles look like (tiles without links, or with long price lists, escape the
 * card-grid test). The words are specific enough to trust; the block removed is the first one that
 * opens with the heading and holds more than it (the heading and its tiles), with wrappers around it
 * holding nothing else, so the product's own description or Q&A beside it stays.
 */
import { H1, hasDescendantTag, normalizedText, SUBHEADINGS } from '../dom/dom-walk.js';
import { remove } from './remove.js';
import type { StatsMap } from './text-stats.js';
import { THRESHOLDS } from './thresholds.js';

/** Widget headings as written across shops, matched against the whole (short) heading text. */
const WIDGET_HEADING = new RegExp(
  '^(?:' +
    [
      'you (?:may|might|will|could) (?:also )?(?:like|love|enjoy|need|want)',
      '(?:people|customers|shoppers|others) (?:who|that) (?:viewed|bought|purchased|looked at|searched)\\b.*',
      '(?:what )?(?:customers|people|shoppers|others) also (?:viewed|bought|purchased|liked|loved|searched|considered)\\b.*',
      'this is what customers who\\b.*',
      '(?:your )?recently viewed(?: items| products)?',
      '(?:shop )?similar (?:items|products|styles)\\b.*',
      'related (?:products|items)',
      'featured products',
      '(?:most )?popular (?:accessories|products|items)\\b.*',
      'complete your (?:order|purchase|set|look)',
      'sponsored products.*',
      "seller'?s other items",
      'more (?:items )?from (?:this|the) (?:seller|shop|store|brand|series|collection)\\b.*',
      'explore related (?:items|products)',
      'frequently bought together',
      '(?:complete|shop) the look',
      'recommended (?:for you|products|items|accessories)',
      'more to explore',
    ].join('|') +
    ')[\\s.:!…]*$',
  'i',
);

function isHeadingLike(element: Element): boolean {
  return SUBHEADINGS.has(element.tagName) || element.getAttribute('role') === 'heading' || element.firstElementChild === null;
}

/** `stats`: text lengths of the page (collectTextStats over `body`); every element of it is looked at. */
export function removeRecommendationWidgets(body: Element, stats: StatsMap): void {
  const pageText = stats.get(body)?.text ?? 0;
  const headings: Element[] = [];
  for (const [element, own] of stats) {
    if (own.text === 0 || own.text > THRESHOLDS.WIDGET_HEADING_MAX_TEXT || own.text < THRESHOLDS.WIDGET_HEADING_MIN_TEXT || !isHeadingLike(element)) continue;
    if (WIDGET_HEADING.test(normalizedText(element))) headings.push(element);
  }
  for (const heading of headings) {
    if (!heading.isConnected) continue;
    const title = normalizedText(heading);
    // The widget is the first block around the heading that holds more than it (the heading and its
    // tiles) and opens with it, together with wrappers holding nothing else; a block holding more
    // than that (the widget then the Q&A, or the description) is a column of the page.
    const headingText = stats.get(heading)?.text ?? 0;
    let widget: Element = heading;
    let opened = false;
    for (let parent = widget.parentElement; parent && parent !== body; parent = parent.parentElement) {
      const text = stats.get(parent)?.text ?? 0;
      // A widget never holds most of the page: then the heading sits on the content's own wrapper.
      if (text > THRESHOLDS.CONTENT_MIN_SHARE * pageText || hasDescendantTag(parent, H1)) break;
      if (opened && text > (stats.get(widget)?.text ?? 0)) break;
      if (!opened && text > headingText) {
        if (!normalizedText(parent).startsWith(title)) break;
        opened = true;
      }
      widget = parent;
    }
    remove(widget, 'recommendation-widgets');
  }
}

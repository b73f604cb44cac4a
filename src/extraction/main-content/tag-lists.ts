/**
 * Tag lists found by the links' own markup: `rel="tag"` (the rel-tag microformat, which WordPress and most
 * blog engines put on every tag and category link: "Tags: a, b, c", "Posted in News") says what a link is
 * whatever the list's class. The block that is mostly such links, label and commas included, goes; a tag
 * link inside prose leaves its paragraph alone. 163 of the shared pages carry rel="tag"; most lists were
 * already chrome by name, the rest read as content (scrapinghub 0.968 -> 0.969: a Brazilian racing
 * calendar 0.76 -> 0.87; WCXB dev unchanged).
 */
import { collapsedLength as textLength } from '../dom/dom-walk.js';
import { remove } from './remove.js';
import { THRESHOLDS } from './thresholds.js';

const REL_TAG = /(?:^|\s)tag(?:$|\s)/i;

/** Removes, among `all` (the page's elements in document order), each highest block that is mostly rel-tag links. */
export function removeTagLists(all: readonly Element[], neverRemoved: ReadonlySet<string>): void {
  // Tag-link text below each ancestor, summed in one pass over the links.
  const tagText = new Map<Element, number>();
  for (const element of all) {
    if (element.tagName !== 'A' || !element.isConnected) continue;
    const rel = element.getAttribute('rel');
    if (rel === null || !REL_TAG.test(rel)) continue;
    const length = textLength(element);
    for (let up = element.parentElement; up && !neverRemoved.has(up.tagName); up = up.parentElement) tagText.set(up, (tagText.get(up) ?? 0) + length);
  }
  if (tagText.size === 0) return;
  const mostlyTags = (element: Element): boolean => {
    const tags = tagText.get(element);
    return tags !== undefined && tags > THRESHOLDS.MOSTLY_LINKS_SHARE * textLength(element);
  };
  // Document order visits an outer block first: once it goes, the blocks inside are disconnected.
  for (const element of all) {
    if (!element.isConnected || !mostlyTags(element)) continue;
    const parent = element.parentElement;
    if (parent && mostlyTags(parent)) continue;
    remove(element, 'tag-lists');
  }
}

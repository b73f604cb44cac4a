/**
 * What counts as a link, for every rule that weighs link text against prose or asks whether a block
 * holds links: one notion, so the root choice, the boilerplate rules and the card and hole passes never
 * disagree about the same element.
 */
import { collapsedLength, isTemplate } from './dom-walk.js';
import { firstElementBelow, nextElementAfter, nextElementBelow } from './linked-order.js';

/**
 * An `<a>`, or a custom element carrying an `href`: design systems' web components draw their links
 * as `<pp-link href>`, `<sl-button href>` or `<ion-item href>`, which the browser never parses as `<a>`.
 * Counted as prose, bmas.de's mega menu of `<pp-link>`s (12,841 characters) outweighed the press release
 * and became the root (trafilatura's set 0519: 0 of 3 marked lines -> 3 of 3; the set 0.9238 -> 0.9241).
 * No output on WCXB dev, scrapinghub or either unseen half changed. Built-in elements with an `href`
 * (`<link>`, `<area>`, `<base>`) hold no text, so only names with a hyphen are asked.
 */
export function isLinkElement(element: Element): boolean {
  const tag = element.tagName;
  return tag === 'A' || (tag.includes('-') && element.hasAttribute('href'));
}

/**
 * The outermost links below `root` (not `root` itself), in document order, outside <template> contents
 * (as querySelectorAll): a link's text is counted once.
 */
export function linksBelow(root: Element): Element[] {
  const out: Element[] = [];
  for (let element = firstElementBelow(root); element; ) {
    const link = isLinkElement(element);
    if (link) out.push(element);
    element = link || isTemplate(element.localName) ? nextElementAfter(element, root) : nextElementBelow(element, root);
  }
  return out;
}

/** Whether `root` holds a link below it (outside <template> contents). */
export function holdsLink(root: Element): boolean {
  for (let element = firstElementBelow(root); element; ) {
    if (isLinkElement(element)) return true;
    element = isTemplate(element.localName) ? nextElementAfter(element, root) : nextElementBelow(element, root);
  }
  return false;
}

/** Characters of `root`'s text inside links below it (whitespace runs as one, as `collapsedLength`). */
export function linkTextLength(root: Element): number {
  let length = 0;
  for (const link of linksBelow(root)) length += collapsedLength(link);
  return length;
}

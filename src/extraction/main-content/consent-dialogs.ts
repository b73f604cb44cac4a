/**
 * Cookie-consent dialogs. Their preference centres explain each kind of cookie in paragraphs ("Technical
 * Cookies … These cookies are essential to provide you with services…"), so the prose guard that spares a
 * misnamed wrapper kept them as content. A block named for consent is spared only when it holds the page
 * title or much of the page (boilerplate.ts), or when it is a document's section about cookies: its id is
 * its own heading's slug (Flask's quickstart, `<section id="cookies">` under "Cookies").
 * Evidence (WCXB dev): watchfinder.com's `#modal_cookie-consent` (4438: 0.80 -> 0.98); Flask's section is
 * why the slug guard is there (0662 lost 0.02 without it); no other page of WCXB dev or scrapinghub
 * changes. Rendered pages meet these dialogs more often: consent managers inject them with JavaScript.
 */
import { HEADINGS } from '../dom/dom-walk.js';
import { isAnchorFor } from '../dom/element-names.js';
import { chromeNameRule } from './chrome-names.js';

/** The element's first heading, in document order. */
function firstHeading(element: Element): Element | null {
  for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
    if (HEADINGS.has(child.tagName)) return child;
    const below = firstHeading(child);
    if (below) return below;
  }
  return null;
}

/** An id that spells the element's own heading ("cookies" over "Cookies¶"): a section's anchor, not a name for chrome. */
function isHeadingAnchor(element: Element): boolean {
  const id = element.getAttribute('id');
  const heading = id ? firstHeading(element) : null;
  return heading !== null && isAnchorFor(id!, heading.textContent ?? '');
}

/** Whether `names` (class and id, passed namesChrome) name a cookie-consent block that is not a section about cookies. */
export function isConsentDialog(element: Element, names: string): boolean {
  return chromeNameRule(names) === 'cookie-banners' && !isHeadingAnchor(element);
}

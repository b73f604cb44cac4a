import type { DomDocument, DomElement } from '../dom/dom.js';
import { elementsByTag } from '../dom/dom-walk.js';

/**
 * Every http(s) link of the page (the whole page, not only the main content: crawls follow them),
 * absolute, without fragments, deduplicated, in document order. javascript:, mailto: and the like are dropped.
 * `anchors`: the <a> elements of `scope` if the caller has them already (extract.ts shares one walk).
 */
export function collectLinks(scope: DomDocument | DomElement, pageUrl: string, anchors?: readonly Element[]): string[] {
  const seen = new Set<string>();
  const root = ('documentElement' in scope ? scope.documentElement : scope) as unknown as Element;
  // Template contents are inert markup, not links of the page (elementsByTag and indexPage skip them).
  for (const anchor of anchors ?? elementsByTag(root, 'A')) {
    const href = anchor.getAttribute('href')?.trim();
    if (!href) continue;
    let url: URL;
    try {
      url = new URL(href, pageUrl);
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    url.hash = '';
    seen.add(url.href);
  }
  return [...seen];
}

/** Links and images inside the main content made absolute, so the markdown stands on its own. */
export function absolutiseContent(root: DomElement, pageUrl: string): void {
  for (const [tag, attribute] of [['A', 'href'], ['IMG', 'src']] as const) {
    for (const element of elementsByTag(root as unknown as Element, tag)) {
      const value = element.getAttribute(attribute)?.trim();
      if (!value) continue;
      try {
        const url = new URL(value, pageUrl);
        if (url.protocol === 'javascript:') element.removeAttribute(attribute);
        else element.setAttribute(attribute, url.href);
      } catch {
        /* leave malformed references as they are */
      }
    }
  }
}

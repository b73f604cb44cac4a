/**
 * Whether a list's links lead off the site. "Related stories", "Most read" and "More from" lists point into
 * the site that shows them; a list whose links mostly lead elsewhere is the article's own: the courses a
 * listicle recommends (WCXB 0215), the cases a legal article cites (2722), its references (4582). The
 * link-list rule (cleanup.ts) leaves such lists alone.
 */
import { elementsByTag } from '../dom/dom-walk.js';
import { THRESHOLDS } from './thresholds.js';

/** The host a reader would call the same site: "www." is the same site as the bare host. */
function siteHost(url: URL): string {
  return url.hostname.replace(/^www\d?\./, '');
}

/** Whether more than OFF_SITE_LINK_SHARE of `list`'s web links (in-page anchors and mail links aside) lead to another host than `pageUrl`'s. */
export function linksMostlyOffSite(list: Element, pageUrl: string): boolean {
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    return false;
  }
  const home = siteHost(page);
  let links = 0;
  let offSite = 0;
  for (const link of elementsByTag(list, 'A')) {
    const href = link.getAttribute('href');
    if (!href) continue;
    links++;
    let target: URL;
    try {
      target = new URL(href, page);
    } catch {
      continue;
    }
    if ((target.protocol === 'http:' || target.protocol === 'https:') && siteHost(target) !== home) offSite++;
  }
  return links > 0 && offSite > THRESHOLDS.OFF_SITE_LINK_SHARE * links;
}

/**
 * Whether a list's links lead off the site. "Related stories", "Most read" and "More from" lists point into
 * the site that shows them; a list whose links mostly lead elsewhere is the article's own: the courses a
 * listicle recommends (WCXB 0215), the cases a legal article cites (2722), its references (4582). The
 * link-list rule (cleanup.ts) leaves such lists alone.
 */
import { elementsByTag } from '../dom/dom-walk.js';
import { sameSite } from '../../net/same-site.js';
import { THRESHOLDS } from './thresholds.js';

/**
 * Whether more than OFF_SITE_LINK_SHARE of `list`'s links lead to another site than `pageUrl`'s (the crawl's
 * notion of a site: the host, `www.` aside). In-page anchors count as on the site; links that are no web
 * address (mail, telephone) count as links but never off it.
 */
export function linksMostlyOffSite(list: Element, pageUrl: string): boolean {
  if (!URL.canParse(pageUrl)) return false;
  let links = 0;
  let offSite = 0;
  for (const link of elementsByTag(list, 'A')) {
    const href = link.getAttribute('href');
    if (!href) continue;
    links++;
    const target = URL.parse(href, pageUrl);
    if (target && (target.protocol === 'http:' || target.protocol === 'https:') && !sameSite(target.href, pageUrl, false)) offSite++;
  }
  return links > 0 && offSite > THRESHOLDS.OFF_SITE_LINK_SHARE * links;
}

/**
 * Whether a list's links lead out of the site. "Related stories", "Most read" and "More from" lists point into
 * the site that shows them; a list whose links mostly lead elsewhere, or to files, is the article's own: the
 * courses a listicle recommends (WCXB 0215), the cases a legal article cites (2722), its references (4582),
 * its downloads. The link-list rule (cleanup.ts) leaves such lists alone.
 */
import { elementsByTag } from '../dom/dom-walk.js';
import { sameSite } from '../../net/same-site.js';
import { THRESHOLDS } from './thresholds.js';

/**
 * Files an article hands out: a list of them (course books, court forms) is the page's own downloads, on
 * whatever host they sit. A list of stories never points at one. WCXB dev: Cornell's course materials (0275,
 * a paragraph of PDF links) stay, Kansas Legal Services' list of forms comes back (2102 0.864 -> 0.866), and
 * 4694 moved (0.32 -> 0.39, a truth that stops early); scrapinghub unchanged.
 */
const DOCUMENT_FILE = /\.(?:pdf|docx?|xlsx?|pptx?|odt|csv|zip)$/i;

/**
 * Whether more than OFF_SITE_LINK_SHARE of `list`'s links lead out: to another site than `pageUrl`'s (the
 * crawl's notion of a site: the host, `www.` aside), or to a document file. In-page anchors count as on the
 * site; links that are no web address (mail, telephone) count as links but never as leading out.
 */
export function linksLeadOut(list: Element, pageUrl: string): boolean {
  if (!URL.canParse(pageUrl)) return false;
  let links = 0;
  let out = 0;
  for (const link of elementsByTag(list, 'A')) {
    const href = link.getAttribute('href');
    if (!href) continue;
    links++;
    const target = URL.parse(href, pageUrl);
    if (!target || (target.protocol !== 'http:' && target.protocol !== 'https:')) continue;
    if (!sameSite(target.href, pageUrl, false) || DOCUMENT_FILE.test(target.pathname)) out++;
  }
  return links > 0 && out > THRESHOLDS.OFF_SITE_LINK_SHARE * links;
}

/**
 * Page chrome recognised by markup rather than by names: navigation, footer and aside landmarks and
 * chrome roles, hidden elements, modal dialogs, and the site's own footer and header.
 */
import { isAriaHidden } from '../dom/aria-hidden.js';
import { H1, hasAncestorOrSelf, hasDescendantTag } from '../dom/dom-walk.js';

/** Landmarks that hold site chrome. <header> is judged separately: an article's header holds its title. */
const CHROME_TAGS = new Set(['NAV', 'FOOTER', 'ASIDE']);
const CHROME_ROLES = new Set(['navigation', 'contentinfo', 'complementary', 'banner', 'menu', 'menubar', 'search']);

/**
 * Attributes that take an element off the page's text: `hidden`; `popover`, shown only once opened (the
 * HTML popover API: menus, tooltips, pickers); `data-nosnippet`, the site's own word that the text is not
 * the page's to quote (Google's snippet directive, set on menus, banners and notices). The last two:
 * WCXB dev 0.89115 -> 0.89125, 7 pages up (0417's menus 0.97 -> 0.99), 2 down by 0.002 at most; 4 folds
 * up, one flat; scrapinghub unchanged. The guards of the landmarks pass still spare such a block of prose.
 */
const HIDING_ATTRIBUTES = ['hidden', 'popover', 'data-nosnippet'];

/**
 * `speechify-ignore`, the site's word to Speechify's text-to-speech that a block is not the story's to read aloud:
 * Medium sets it on its byline row ("6 min read · Dec 1, 2025 · Listen · Share"), its search box and every
 * zoomable image's "Press enter or click to view image in full size" (WCXB 4433 0.992 -> 0.996, 4460; none down;
 * no page of scrapinghub, trafilatura's set or either unseen half carries it). Same guards as above.
 */
const NOT_READ_ALOUD = /(?:^|\s)speechify-ignore(?:\s|$)/;

/** A chrome landmark or role, or an element marked hidden or not to be read. */
export function isChrome(element: Element): boolean {
  if (CHROME_TAGS.has(element.tagName) || HIDING_ATTRIBUTES.some((name) => element.hasAttribute(name))) return true;
  const className = element.getAttribute('class');
  // Every element of the page is asked: a substring test first, the pattern only for the few that pass.
  if (className !== null && className.includes('speechify') && NOT_READ_ALOUD.test(className)) return true;
  const role = element.getAttribute('role');
  return (role !== null && CHROME_ROLES.has(role)) || isAriaHidden(element);
}

/** Landmarks that list other pages: navigation (menu entries) and complementary ones (a sidebar's widgets). */
const LISTING_LANDMARK_TAGS = new Set(['NAV', 'ASIDE']);
const LISTING_LANDMARK_ROLES = new Set(['navigation', 'complementary']);

/** A `<nav>` or `<aside>`, or an element with their roles. */
export function isListingLandmark(element: Element): boolean {
  if (LISTING_LANDMARK_TAGS.has(element.tagName)) return true;
  const role = element.getAttribute('role');
  return role !== null && LISTING_LANDMARK_ROLES.has(role);
}

/** Chrome only because hidden (not a landmark or a chrome role): a collapsed panel may be content. */
export function isHiddenOnly(element: Element): boolean {
  if (CHROME_TAGS.has(element.tagName)) return false;
  const role = element.getAttribute('role');
  return role === null || !CHROME_ROLES.has(role);
}

export const HIDDEN_STYLE = /(?:display\s*:\s*none|visibility\s*:\s*hidden)/i;

/**
 * Class tokens a site builder's own stylesheet hides on every screen, set when the page is built: Webflow's
 * `w-condition-invisible` (a block whose conditional visibility is off: a sign-up form's messages and a
 * trademark notice on Siteline's blog, a repeated fee line on GlossGenius's) and the messages its forms show
 * only once sent (`w-form-done`, `w-form-fail`: "Thank you! Your submission has been received!" on Aura's and
 * Identity Guard's pages), all `display: none` in webflow.css, which a saved page does not carry. 26 WCXB dev
 * pages carry them: WCXB dev +0.00003, 4 pages up (0358 0.97 -> 0.99, 0151 0.94 -> 0.96, 4896, 4891), none
 * down; scrapinghub and the unseen probe unchanged. Not a framework's utility class a script toggles:
 * Bootstrap's bare `d-none` read as hidden lost WCXB dev 0.00013 (6 pages up, 8 down; 0281 0.998 -> 0.880).
 */
const BUILDER_HIDDEN_CLASSES = ['w-condition-invisible', 'w-form-done', 'w-form-fail'];
const BUILDER_HIDDEN = new RegExp(`(?:^|\\s)(?:${BUILDER_HIDDEN_CLASSES.join('|')})(?:\\s|$)`);

/**
 * Elements a library hides inline only until its script has laid them out, so that a reader never sees them
 * half built: Slider Revolution 6 (a WordPress plugin) writes its slider as `<rs-module-wrap
 * style="visibility:hidden">` and shows it once the slides are measured, so its slides' headlines and copy are
 * on screen from the first paint. Read as hidden, they went: a translation agency's home page lost its "About
 * us" and services copy (unseen probe 4986, 0.916 -> 0.966 now), a shop's gallery its captions (WCXB dev 0594,
 * 0.879 -> 0.927); no other page of WCXB dev, scrapinghub, the unseen final half or trafilatura's set moved
 * (none carries the tag). Not every `visibility:hidden`: kept everywhere, a Material UI drawer and collapsed
 * accordion panels came back (WCXB dev 0577 and 0374 down, the probe page up, dev even). Slider Revolution 5
 * hides its `rev_slider` with `display:none` the same way, but the three such pages in the five sets score the
 * same either way, so it is not listed.
 */
const SCRIPT_REVEALED_TAGS: ReadonlySet<string> = new Set(['RS-MODULE-WRAP']);

/** Hidden inline only until a library's script shows it (SCRIPT_REVEALED_TAGS): shown as the script would, it is content like any other. */
export function isScriptRevealed(element: Element): boolean {
  return SCRIPT_REVEALED_TAGS.has(element.tagName);
}

/** Styled display:none or visibility:hidden, inline or by a site builder's class (BUILDER_HIDDEN_CLASSES). */
export function isHiddenByStyle(element: Element): boolean {
  const style = element.getAttribute('style');
  if (style !== null && HIDDEN_STYLE.test(style)) return true;
  const className = element.getAttribute('class');
  return className !== null && BUILDER_HIDDEN.test(className);
}

/**
 * Modal dialogs (policy pop-ups, size guides, newsletter and cookie modals) are never the page's
 * content, however long their prose, unless they hold the page title.
 */
export function isModal(element: Element): boolean {
  const role = element.getAttribute('role');
  return role === 'dialog' || role === 'alertdialog' || element.getAttribute('aria-modal') === 'true';
}

/** What a button that dismisses an overlay says, as its text, title or aria-label. */
const CLOSE_LABEL = /^(?:close|dismiss|×|✕|✖|x|close (?:this )?(?:dialog|pop-?up|window|banner|modal|panel))$/i;

/**
 * The overlay a button dismisses when it opens that overlay: the button is its parent's first element and
 * says "Close" (or ×), and the parent holds more than the button. Pop-ups, flyouts and drawers without a
 * dialog role open so (MSN's "Make MSN my homepage" steps, its feedback flyout and "Found the story
 * interesting?" prompt; a forum's "add to home screen" and push-notification panels; a shop's cart
 * drawer); content does not start with a way to close itself. Asked before the buttons go as junk.
 * Evidence: WCXB dev 0.89089 -> 0.89115 on 4 pages, none down (forum 0546 0.44 -> 0.72, product 0580
 * 0.69 -> 0.80); scrapinghub's MSN story 0.93 -> 0.99 precision, no other page changed.
 */
export function overlayClosedBy(button: Element): Element | null {
  if (button.tagName !== 'BUTTON') return null;
  const overlay = button.parentElement;
  if (!overlay || overlay.firstElementChild !== button) return null;
  const label = (button.getAttribute('aria-label') || button.getAttribute('title') || button.textContent || '').trim();
  if (!CLOSE_LABEL.test(label)) return null;
  return (overlay.textContent ?? '').trim().length > (button.textContent ?? '').trim().length ? overlay : null;
}

const isMainLandmark = (element: Element): boolean =>
  element.tagName === 'ARTICLE' || element.tagName === 'MAIN' || element.getAttribute('role') === 'main';

/**
 * The page's own footer landmark (a <footer> or role=contentinfo outside any article or main, without the
 * title): its paragraphs are legal notes, pricing disclaimers and the company blurb, and on a short landing
 * page its link columns and notes can outweigh the content (Apple's and Samsung's footnote lists, a shop's
 * "about us"), so neither its prose nor its share of the page spares it. A footer inside an article or
 * main is the story's own (notes, sources) and stays guarded.
 */
export function isSiteFooter(element: Element): boolean {
  if (element.tagName !== 'FOOTER' && element.getAttribute('role') !== 'contentinfo') return false;
  return !hasDescendantTag(element, H1) && !hasAncestorOrSelf(element.parentElement ?? element, isMainLandmark);
}

/** The page's main part (not <article>, which also marks a sidebar's teasers), or its article body marked as such. */
const PAGE_MAIN = 'main, [role="main"], [itemprop="articleBody"]';

/**
 * An element holding the page's <main> or article body is a wrapper whatever its tag or names say: layout classes
 * name what sits beside the content (litradio's `cb-sidebar-right` around its interview, in trafilatura's
 * evaluation set: no content -> the text), and a site header left unclosed holds the whole page. WCXB dev,
 * scrapinghub and the unseen pages unchanged.
 */
export function wrapsPageMain(element: Element): boolean {
  return element.querySelector(PAGE_MAIN) !== null;
}

const NAV_OR_LIST = new Set(['NAV', 'UL']);

/**
 * A page-level <header> (not inside an article or main) is site chrome: logo, menu, search; one holding only
 * the title stays. One that holds the page's <main> is no header but a wrapper: a site header left unclosed
 * takes the whole page into it, in a browser too (diaadia.com.pa's Drupal theme, in trafilatura's evaluation
 * set: no content -> the story).
 */
export function isSiteHeader(header: Element): boolean {
  if (header.tagName !== 'HEADER' && header.getAttribute('role') !== 'banner') return false;
  if (!header.isConnected || hasAncestorOrSelf(header, isMainLandmark)) return false;
  if (wrapsPageMain(header)) return false;
  return !hasDescendantTag(header, H1) || hasDescendantTag(header, NAV_OR_LIST);
}

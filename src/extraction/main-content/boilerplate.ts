/**
 * Removes page chrome that is never main content, before any scoring: scripts and widgets, hidden
 * elements, navigation/footer/aside landmarks and blocks whose class or id names them as boilerplate
 * (cookie banners, share bars, related lists, newsletter boxes, ads). Readability and our own scoring
 * both see the cleaner page, and less DOM makes both faster.
 */

/** Never content: code, media widgets, form controls (their labels read as "Add to cart", "Search"). */
const JUNK_TAGS = 'script,style,noscript,template,svg,canvas,iframe,object,embed,button,input,select,textarea,dialog';

/** Landmarks that hold site chrome. <header> is judged separately: an article's header holds its title. */
const CHROME_SELECTOR = [
  'nav', 'footer', 'aside',
  '[role="navigation"]', '[role="contentinfo"]', '[role="complementary"]', '[role="banner"]',
  '[role="menu"]', '[role="menubar"]', '[role="search"]',
  '[hidden]', '[aria-hidden="true"]',
].join(',');

/**
 * Modal dialogs (policy pop-ups, size guides, newsletter and cookie modals) are never the page's
 * content, however long their prose: removed unless they hold the page title (the first <h1> outside
 * any modal; without one, any <h1>).
 */
const MODAL_SELECTOR = '[role="dialog"],[role="alertdialog"],[aria-modal="true"]';

/** class/id words that name boilerplate; matched as whole words between -, _ and spaces. */
const BOILERPLATE_WORDS = new RegExp(
  '(?:^|[\\s_-])(?:' +
    [
      'nav', 'navbar', 'navigation', 'menu', 'breadcrumbs?', 'footer', 'sidebar', 'cookies?', 'consent', 'gdpr',
      'newsletter', 'subscribe', 'subscription', 'signup', 'share', 'sharing', 'social', 'related', 'recommended',
      'recommendations', 'promo', 'advert', 'advertisement', 'ads?', 'adslot', 'sponsored', 'popup', 'modal',
      'skip', 'pagination', 'pager', 'toolbar', 'masthead', 'site-header', 'tags', 'outbrain', 'taboola',
      'comment-form', 'respond', 'disqus', 'visually-hidden', 'sr-only', 'screen-reader-text',
    ].join('|') +
    ')(?:$|[\\s_-])',
  'i',
);

/** Reader comments: boilerplate under an article, but the very content of a forum thread. */
const COMMENT_WORDS = /(?:^|[\s_-])(?:comments?|commentlist|comment-list|comments-area|comment-section)(?:$|[\s_-])/i;

const HIDDEN_STYLE = /(?:display\s*:\s*none|visibility\s*:\s*hidden)/i;

/** Containers that may hold the whole page; their names say nothing about them being chrome. */
const NEVER_REMOVED = new Set(['HTML', 'BODY', 'MAIN', 'ARTICLE']);

function textLength(element: Element): number {
  return (element.textContent ?? '').replace(/\s+/g, ' ').length;
}

/** Removes boilerplate from `body`; a block is spared when it holds much of the page's text (a misnamed wrapper). */
export function removeBoilerplate(body: Element, options: { dropComments: boolean }): void {
  for (const element of body.querySelectorAll(JUNK_TAGS)) element.remove();

  const pageText = textLength(body);
  const sparedShare = 0.35;
  const remove = (element: Element): void => {
    if (NEVER_REMOVED.has(element.tagName) || !element.isConnected) return;
    if (textLength(element) > sparedShare * pageText || holdsProse(element)) return;
    element.remove();
  };

  // The page title is the first <h1> outside any modal; a modal holding it is a misnamed wrapper.
  const pageTitle = [...body.querySelectorAll('h1')].find((h1) => !h1.closest(MODAL_SELECTOR)) ?? null;
  for (const element of body.querySelectorAll(MODAL_SELECTOR)) {
    if (NEVER_REMOVED.has(element.tagName) || !element.isConnected) continue;
    if (pageTitle ? !element.contains(pageTitle) : !element.querySelector('h1')) element.remove();
  }
  for (const element of body.querySelectorAll(CHROME_SELECTOR)) remove(element);
  for (const element of body.querySelectorAll('[style]')) {
    if (HIDDEN_STYLE.test(element.getAttribute('style') ?? '')) remove(element);
  }
  for (const element of body.querySelectorAll('[class],[id]')) {
    const names = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`;
    if (BOILERPLATE_WORDS.test(names)) remove(element);
    else if (options.dropComments && COMMENT_WORDS.test(names)) removeComments(element);
  }
  removeSiteHeaders(body);
}

/**
 * Under an article, reader comments are long prose, often longer than the article itself, so the
 * prose and share-of-page guards cannot spare them; only a block holding the page title (a
 * misnamed wrapper around the article) is kept.
 */
function removeComments(element: Element): void {
  if (NEVER_REMOVED.has(element.tagName) || !element.isConnected || element.querySelector('h1')) return;
  element.remove();
}

/** Chrome has short texts; a block with the page title or several real paragraphs is content, whatever its name. */
const PROSE_PARAGRAPH = 100;
const PROSE_TOTAL = 600;
function holdsProse(element: Element): boolean {
  if (element.querySelector('h1')) return true;
  let prose = 0;
  for (const paragraph of element.querySelectorAll('p')) {
    const length = textLength(paragraph);
    if (length >= PROSE_PARAGRAPH) prose += length;
    if (prose >= PROSE_TOTAL) return true;
  }
  return false;
}

/** A page-level <header> (not inside an article or main) is site chrome: logo, menu, search. */
function removeSiteHeaders(body: Element): void {
  for (const header of body.querySelectorAll('header,[role="banner"]')) {
    if (!header.isConnected || header.closest('article,main,[role="main"]') !== null) continue;
    if (header.querySelector('h1') && !header.querySelector('nav,ul')) continue;
    header.remove();
  }
}

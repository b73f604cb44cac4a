/**
 * A page may say in microdata which element is its article (`itemscope itemtype=…/BlogPosting`). When
 * exactly one such element exists and it holds the page's title, everything outside it — teasers of
 * other posts, "you may also like" boxes that read as prose — is not this article's content, however long.
 * Several typed articles are usually an index of teasers, where the marks say nothing about the main
 * content; but when one of them holds ARTICLE_SCOPE_DOMINANCE times the text of any other, it is the story
 * and the rest are the teasers a news site marks up the same way (Digg's story over 50 typed teasers:
 * scrapinghub 680c2848 precision 0.76 -> 0.99, scrapinghub 0.951 -> 0.953; no WCXB dev page changed —
 * its one such page already had the story as its root). Its headline may sit outside it, above the story.
 *
 * Without microdata, bare <article> elements say the same when there are several and one of them holds the
 * page's H1 and ARTICLE_SCOPE_DOMINANCE times the text of each other: a news site marks its "Also in the
 * news" teasers up like the story (Searchlight's six linkless teasers, WCXB 0392 0.70 -> 0.97; a style
 * magazine's rail, 4692 0.98 -> 1.00). WCXB dev +0.0002 (3 pages up, one down by 0.003); scrapinghub
 * unchanged. A lone bare <article> bounds nothing: it wraps a story's body without its lead or tables as
 * often as the whole story (WCXB dev -0.0008 when it did, 0307 0.98 -> 0.07).
 */
import { collapsedLength, elementsByTag, H1, hasDescendantTag } from '../dom/dom-walk.js';
import { longParagraphsLength } from './paragraphs.js';
import { remove } from './remove.js';
import { THRESHOLDS } from './thresholds.js';

const ARTICLE_TYPE = /^https?:\/\/schema\.org\/(?:Article|NewsArticle|BlogPosting|ReportageNewsArticle|TechArticle|OpinionNewsArticle|AnalysisNewsArticle|Report|ScholarlyArticle)\/?$/i;

/** Outermost Article-typed elements, in document order (a typed element's own subtree is not searched). */
function typedArticles(parent: Element, out: Element[]): void {
  for (let child = parent.firstElementChild; child; child = child.nextElementSibling) {
    const type = child.getAttribute('itemtype');
    if (type !== null && ARTICLE_TYPE.test(type.trim())) out.push(child);
    else typedArticles(child, out);
  }
}

/** The story among several bare <article>s (outermost ones): the dominant one, holding the page's H1. */
function dominantBareArticle(body: Element): Element | null {
  const articles: Element[] = [];
  for (const article of elementsByTag(body, 'ARTICLE')) if (!articles.at(-1)?.contains(article)) articles.push(article);
  if (articles.length < 2) return null;
  const found = dominantArticle(articles);
  if (!found || !hasDescendantTag(found, H1)) return null;
  return proseOutside(body, articles) > proseIn(found) ? null : found;
}

/** Characters of real paragraphs (REAL_PARAGRAPH and longer) in `root`. */
const proseIn = (root: Element): number => longParagraphsLength(root, THRESHOLDS.REAL_PARAGRAPH, collapsedLength);

/**
 * Real paragraphs outside every <article>: where they outweigh the dominant article's, that article is a
 * headline box and the story runs outside the marks (cooperativa.cl's title and lead in an <article>, its
 * body in a section beside it, in trafilatura's evaluation set: 214 characters kept of a 2,500-character story).
 * WCXB dev, scrapinghub and the unseen pages unchanged (Searchlight's and the style magazine's stories above
 * are inside their <article>).
 */
function proseOutside(body: Element, articles: readonly Element[]): number {
  return proseIn(body) - articles.reduce((sum, article) => sum + proseIn(article), 0);
}

/** The page's one article by microdata, else the story among several bare <article>s; null when the marks say nothing. */
export function articleScope(body: Element): Element | null {
  const articles: Element[] = [];
  typedArticles(body, articles);
  if (articles.length === 0) return dominantBareArticle(body);
  if (articles.length > 1) return dominantArticle(articles);
  const found = articles[0]!;
  // Less text is a headline-only scope (a typed <header>), not the article.
  if (!hasDescendantTag(found, H1) || collapsedLength(found) < THRESHOLDS.ARTICLE_MARKER_MIN_TEXT) return null;
  return found;
}

/** Of several articles, the one holding ARTICLE_SCOPE_DOMINANCE times the text of each other, if it is long enough to be a story. */
function dominantArticle(articles: readonly Element[]): Element | null {
  const sized = articles.map((element) => ({ element, length: collapsedLength(element) })).sort((a, b) => b.length - a.length);
  const [first, second] = [sized[0]!, sized[1]!];
  if (first.length < THRESHOLDS.ARTICLE_MARKER_MIN_TEXT || first.length < THRESHOLDS.ARTICLE_SCOPE_DOMINANCE * second.length) return null;
  return first.element;
}

/** Leaves only the page's article (articleScope) under `body`, if it has one: what lay around it goes. */
export function keepArticleScope(body: Element): void {
  const scope = articleScope(body);
  if (!scope || scope === body) return;
  for (let kept: Element = scope; kept !== body; kept = kept.parentElement!) {
    for (const sibling of [...kept.parentElement!.childNodes]) if (sibling !== kept) remove(sibling, 'article-scope');
  }
  body.replaceChildren(scope);
}

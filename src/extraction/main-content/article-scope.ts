/**
 * A page may say in microdata which element is its article (`itemscope itemtype=…/BlogPosting`). When
 * exactly one such element exists and it holds the page's title, everything outside it — teasers of
 * other posts, "you may also like" boxes that read as prose — is not this article's content, however long.
 * Several typed articles mean an index of teasers, where the marks say nothing about the main content.
 */
import { collapsedLength, H1, hasDescendantTag } from '../dom/dom-walk.js';
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

export function microdataArticle(body: Element): Element | null {
  const articles: Element[] = [];
  typedArticles(body, articles);
  if (articles.length !== 1) return null;
  const found = articles[0]!;
  // Less text is a headline-only scope (a typed <header>), not the article.
  if (!hasDescendantTag(found, H1) || collapsedLength(found) < THRESHOLDS.ARTICLE_MARKER_MIN_TEXT) return null;
  return found;
}

/** Leaves only the page's one microdata article under `body`, if it has one: what lay around it goes. */
export function keepArticleScope(body: Element): void {
  const scope = microdataArticle(body);
  if (!scope || scope === body) return;
  for (let kept: Element = scope; kept !== body; kept = kept.parentElement!) {
    for (const sibling of [...kept.parentElement!.childNodes]) if (sibling !== kept) remove(sibling, 'article-scope');
  }
  body.replaceChildren(scope);
}

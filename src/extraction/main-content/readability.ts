import { Readability } from '@mozilla/readability';
import { collapseWhitespace } from '../dom/text.js';
import { THRESHOLDS } from './thresholds.js';

export interface ReadabilityResult {
  html: string;
  /** Characters of text in the result. */
  textLength: number;
  title: string | null;
  byline: string | null;
}

/** Mozilla Readability on the (already cleaned) document; it mutates the document. */
export function runReadability(document: Document): ReadabilityResult | null {
  let article: ReturnType<Readability['parse']>;
  try {
    article = new Readability(document, { charThreshold: THRESHOLDS.READABILITY_CHAR_THRESHOLD }).parse();
  } catch {
    // Readability throws on some malformed trees (a null node in _grabArticle); our own root then stands alone.
    return null;
  }
  const html = article?.content?.trim();
  if (!article || !html) return null;
  return {
    html,
    textLength: collapseWhitespace(article.textContent ?? '').length,
    title: article.title ?? null,
    byline: article.byline ?? null,
  };
}

import { Readability } from '@mozilla/readability';
import { inlineStyleValue } from '../dom/inline-style.js';
import { collapseWhitespace } from '../dom/text.js';
import { THRESHOLDS } from './thresholds.js';

export interface ReadabilityResult {
  html: string;
  /** Characters of text in the result. */
  textLength: number;
  title: string | null;
  byline: string | null;
}

const hasFallbackImageClass = (className: unknown): boolean => typeof className === 'string' && className.includes('fallback-image');

/**
 * Readability 0.6.0 with its visibility test reading the inline style from the attribute
 * (dom/inline-style.ts) instead of through linkedom's `style` object; the same test otherwise.
 */
export class PithReadability extends Readability {
  _isProbablyVisible(node: Element): boolean {
    return (
      inlineStyleValue(node, 'display') !== 'none' &&
      inlineStyleValue(node, 'visibility') !== 'hidden' &&
      !node.hasAttribute('hidden') &&
      // "fallback-image": Wikimedia's math images are shown (an SVG element's className is not a string).
      (!node.hasAttribute('aria-hidden') || node.getAttribute('aria-hidden') !== 'true' || hasFallbackImageClass(node.className))
    );
  }
}

/** Mozilla Readability on the (already cleaned) document; it mutates the document. */
export function runReadability(document: Document): ReadabilityResult | null {
  let article: ReturnType<Readability['parse']>;
  try {
    article = new PithReadability(document, { charThreshold: THRESHOLDS.READABILITY_CHAR_THRESHOLD }).parse();
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

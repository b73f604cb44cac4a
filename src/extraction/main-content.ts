import { Readability } from '@mozilla/readability';
import { fragmentBody, type DomDocument, type DomElement } from './dom.js';

export interface MainContent {
  /** A <body> element of a fresh document holding only the main content. */
  root: DomElement;
  title: string | null;
  byline: string | null;
}

/**
 * Finds the main content of a page. Mutates `document` (callers read metadata first).
 * Returns null when the page has no main content.
 */
export function findMainContent(document: DomDocument, _pageUrl: string): MainContent | null {
  const article = new Readability(document as unknown as Document, { charThreshold: 200 }).parse();
  const html = article?.content?.trim();
  if (!html) return null;
  return { root: fragmentBody(html), title: article?.title ?? null, byline: article?.byline ?? null };
}

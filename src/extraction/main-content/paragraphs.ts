/**
 * "Holds a real paragraph": the one test behind prose guards (boilerplate), control forms, facet
 * panels and an article's body (listing-evidence), each with its own length (THRESHOLDS); and how much of it
 * a part of the page holds (article-scope).
 */
import { elementsByTag } from '../dom/dom-walk.js';

/** How much paragraph text is enough: a number of paragraphs, or of their characters. */
export type Enough = { readonly paragraphs: number } | { readonly characters: number };
export const ONE_PARAGRAPH: Enough = { paragraphs: 1 };

/** Whether `root` holds paragraphs (<p>) at least `minLength` long (as `lengthOf` measures) adding up to `enough`. */
export function holdsLongParagraphs(root: Element, minLength: number, lengthOf: (paragraph: Element) => number, enough: Enough): boolean {
  const byCharacters = 'characters' in enough;
  const needed = byCharacters ? enough.characters : enough.paragraphs;
  let found = 0;
  for (const paragraph of elementsByTag(root, 'P')) {
    const length = lengthOf(paragraph);
    if (length < minLength) continue;
    found += byCharacters ? length : 1;
    if (found >= needed) return true;
  }
  return false;
}

/** Characters of the paragraphs (<p>) in `root` at least `minLength` long, as `lengthOf` measures them. */
export function longParagraphsLength(root: Element, minLength: number, lengthOf: (paragraph: Element) => number): number {
  let total = 0;
  for (const paragraph of elementsByTag(root, 'P')) {
    const length = lengthOf(paragraph);
    if (length >= minLength) total += length;
  }
  return total;
}

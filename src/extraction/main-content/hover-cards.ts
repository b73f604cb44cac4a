/**
 * Hover cards: a box the page shows when the pointer rests on a name in a sentence (a person's photo,
 * their name again and links to stories about them), shipped inside the paragraph and hidden by a
 * stylesheet we do not read. Its text then reads as part of the sentence: "…threatened to kill Rep.
 * Ilhan Omar Ilhan Omar Hillicon Valley: Progressives oppose funding bill… MORE (D-Minn.), the …".
 *
 * Told by its shape, not its names (rollover, popover, tooltip, preview: every site names its own):
 * inside a paragraph, an element holding an image and several links, nearly all of its text linked,
 * with a sentence's worth of the paragraph's text outside it. The innermost such element goes, so the
 * name the reader sees in the sentence (the link the card hangs on) stays.
 *
 * Evidence: The Hill's "rollover-people" cards (scrapinghub 6ebac05f: precision 0.72 -> 0.93, 156770d6
 * 0.86 -> 0.96); scrapinghub 0.969 -> 0.970 (precision 0.949 -> 0.951). No WCXB dev page changed: the
 * one card-shaped element there without the sentence guard was a team's logo and name in a schedule.
 */
import { descendants, hasDescendantTag, normalizedText } from '../dom/dom-walk.js';
import { isLinkElement, linksBelow } from '../dom/link-elements.js';
import { remove } from './remove.js';
import { THRESHOLDS } from './thresholds.js';

const IMG: ReadonlySet<string> = new Set(['IMG']);

const textLength = (element: Element): number => normalizedText(element).length;

/** Whether `element` (inside a paragraph of `paragraphText` characters) is a hover card hung in it. */
function isHoverCard(element: Element, paragraphText: number): boolean {
  if (isLinkElement(element) || !hasDescendantTag(element, IMG)) return false;
  const links = linksBelow(element);
  if (links.length < THRESHOLDS.HOVER_CARD_MIN_LINKS) return false;
  const text = textLength(element);
  if (paragraphText - text < THRESHOLDS.HOVER_CARD_MIN_SENTENCE_TEXT) return false;
  const linked = links.reduce((sum, link) => sum + textLength(link), 0);
  return linked >= THRESHOLDS.HOVER_CARD_MIN_LINK_DENSITY * text;
}

export function removeHoverCards(body: Element): void {
  for (const paragraph of descendants(body)) {
    if (paragraph.tagName !== 'P' || !paragraph.isConnected || !hasDescendantTag(paragraph, IMG)) continue;
    const paragraphText = textLength(paragraph);
    // Innermost first: once a card goes, the elements around it hold no image and are not cards.
    for (const element of descendants(paragraph).reverse()) {
      if (element.isConnected && isHoverCard(element, paragraphText)) remove(element, 'hover-cards');
    }
  }
}

/**
 * "Lorem ipsum dolor sit amet…" is a template's filler, left in a slide, a card or a tab the site never
 * wrote: no reader's content, and no annotator's (WCXB dev +0.00038: a survey landing page's 31 filler blocks,
 * 0285 0.30 -> 0.74; a shop's filler captions, 0587 0.68 -> 0.81; no truth of WCXB dev, the unseen halves,
 * scrapinghub or trafilatura's set holds the words, and no other output of theirs changes). On a page that is
 * nearly all filler (a theme's demo, a generator's output) the filler is what the page shows, and it stays.
 */
import { BLOCK_TAGS } from '../dom/block-tags.js';
import { collapsedLength, isInCode, normalizedText } from '../dom/dom-walk.js';
import { wordsOf } from '../dom/text.js';
import { remove } from './remove.js';
import { THRESHOLDS } from './thresholds.js';

/** The filler's opening words, the ones every generator and theme starts with. */
const FILLER_OPENING = /^lorem ipsum\b/i;

function hasBlockChild(element: Element): boolean {
  for (let child = element.firstElementChild; child; child = child.nextElementSibling) if (BLOCK_TAGS.has(child.localName)) return true;
  return false;
}

/**
 * What goes with a text node opening with the filler: its element when that opens with the filler and
 * holds no block (the filler's words run on through links and emphasis), and wrappers holding nothing else;
 * the text node alone beside blocks.
 */
function fillerOf(text: Text): ChildNode {
  const parent = text.parentElement;
  if (!parent || hasBlockChild(parent) || !FILLER_OPENING.test(normalizedText(parent))) return text;
  let filler: Element = parent;
  const length = collapsedLength(parent);
  while (filler.parentElement && collapsedLength(filler.parentElement) === length) filler = filler.parentElement;
  return filler;
}

const LETTER = /\p{L}/u;

/** Whether `words` are one phrase of a few words, holding a letter, said many times back to back. */
function isPhraseOverAndOver(words: readonly string[]): boolean {
  for (let period = 1; period <= THRESHOLDS.FILLER_PHRASE_MAX_WORDS; period++) {
    if (words.length < period * THRESHOLDS.FILLER_PHRASE_MIN_REPEATS) return false;
    if (!words.slice(0, period).some((word) => LETTER.test(word))) continue;
    if (words.every((word, i) => word === words[i % period])) return true;
  }
  return false;
}

/** Blocks holding no block whose whole text is one phrase over and over; code is read as written. */
function addRepeatedPhrases(body: Element, fillers: Set<ChildNode>): void {
  const walker = body.ownerDocument.createTreeWalker(body, 1 /* NodeFilter.SHOW_ELEMENT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node as Element;
    if (!BLOCK_TAGS.has(element.localName) || hasBlockChild(element) || isInCode(element)) continue;
    if (isPhraseOverAndOver(wordsOf(normalizedText(element)))) fillers.add(element);
  }
}

/** `body`: the extracted content (a small detached tree). */
export function removePlaceholderText(body: Element): void {
  const fillers = new Set<ChildNode>();
  const walker = body.ownerDocument.createTreeWalker(body, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (FILLER_OPENING.test((node.textContent ?? '').trimStart())) fillers.add(fillerOf(node as Text));
  }
  addRepeatedPhrases(body, fillers);
  if (fillers.size === 0) return;
  let fillerText = 0;
  for (const filler of fillers) fillerText += filler.nodeType === 1 ? collapsedLength(filler as Element) : (filler.textContent ?? '').trim().length;
  if (fillerText >= THRESHOLDS.FILLER_PAGE_SHARE * collapsedLength(body)) return;
  for (const filler of fillers) remove(filler, 'placeholder-text');
}

/**
 * Words that markup glues together. Shops and app-built pages put a product's brand and name, or a badge
 * and a label, in adjacent inline elements with no space between them (`<span>Merrell</span><span>Moab
 * 3</span>`) and lay them out apart with CSS; every output we make without layout reads "MerrellMoab".
 * Where one element's text ends in a lower-case letter or a digit and the next sibling element's starts
 * with a capital ("MerrellMoab", "$170Top"), or an all-capital word meets a capitalised one ("HOKAKaha"),
 * no single word spans the two: we put a space between the elements, so text, markdown and HTML agree.
 * Text that continues a word across elements (a drop cap "I"+"f", a styled "Un"+"believable", a
 * syntax-highlighted token) does not meet either pattern, and code is never touched.
 * WCXB dev 0.8789 -> 0.8796 (60 pages, mostly shop grids: 3067 0.70 -> 0.90); scrapinghub unchanged.
 * The items of a flex or grid container are kept apart whatever their case (separateLayoutItems).
 */
import { BLOCK_TAGS } from '../dom/block-tags.js';
import type { DomElement } from '../dom/dom.js';

/** Subtrees whose text is read as written. */
const VERBATIM = new Set(['pre', 'code', 'kbd', 'samp', 'script', 'style', 'template', 'noscript', 'textarea']);

/** The end of one element's text and the start of the next sibling's that cannot be one word. */
const ENDS_LOWER_OR_DIGIT = /[\p{Ll}\p{N}]$/u;
const STARTS_CAPITAL = /^\p{Lu}/u;
const ENDS_CAPITALS = /\p{Lu}\p{Lu}$/u;
const STARTS_CAPITALISED = /^\p{Lu}\p{Ll}/u;

const isBlock = (element: Element): boolean => BLOCK_TAGS.has(element.localName);

function cannotBeOneWord(before: string, after: string): boolean {
  return (ENDS_LOWER_OR_DIGIT.test(before) && STARTS_CAPITAL.test(after)) || (ENDS_CAPITALS.test(before) && STARTS_CAPITALISED.test(after));
}

/** The sibling element just before `node`, skipping comments (Vue and React leave them between elements). */
function previousElement(node: Node): Element | null {
  let previous = node.previousSibling;
  while (previous && previous.nodeType === 8) previous = previous.previousSibling;
  return previous?.nodeType === 1 ? (previous as Element) : null;
}

/**
 * Utility classes that make an element a flex or grid container (Tailwind's, Bootstrap's): its children are
 * laid out as separate boxes (a browser's copy puts each on a line of its own), never as one run of text.
 * Unprefixed only: `md:flex` is one screen size's layout (the same pages read the same with the prefixed ones).
 */
const LAYOUT_CONTAINER = /(?:^|\s)(?:flex|inline-flex|grid|inline-grid|d-flex|d-inline-flex|d-grid)(?:\s|$)/;

/**
 * Adjacent inline children of a flex or grid container are items, not one word, whatever their case: a
 * docs.page field's name and type (`<code>socialPreview</code><code>string</code>`, an unseen WCXB page
 * 0.92 -> 0.97), a listing's "3 beds" and "2.5 baths", "$0.10" and "per word", "iOS", "•" and "Music".
 * WCXB dev -0.00001 (9 pages changed, 4 by 0.001-0.006: the split lines are ones its truths leave out, so
 * they count more words), scrapinghub unchanged.
 */
function separateLayoutItems(root: Element): void {
  for (const container of Array.from(root.querySelectorAll('[class]'))) {
    if (!LAYOUT_CONTAINER.test(container.getAttribute('class') ?? '')) continue;
    for (let child = container.firstElementChild; child; child = child.nextElementSibling) {
      if (isBlock(child) || !(child.textContent ?? '').trim()) continue;
      const previous = previousElement(child);
      if (previous && !isBlock(previous) && (previous.textContent ?? '').trim()) child.before(child.ownerDocument.createTextNode(' '));
    }
  }
}

/** Puts a space between adjacent inline elements whose texts would otherwise read as one word. */
export function separateGluedWords(root: DomElement): void {
  separateLayoutItems(root as unknown as Element);
  // The last two characters of text read so far, and the text node they came from.
  let tail = '';
  let tailNode: Node | null = null;
  // An inline element that follows another directly, waiting for its first text to be judged.
  let pending: { element: Element; before: string } | null = null;

  const visit = (parent: Node): void => {
    for (let node = parent.firstChild; node; node = node.nextSibling) {
      if (node.nodeType === 3) {
        const text = node.textContent ?? '';
        if (!text) continue;
        if (pending) {
          if (cannotBeOneWord(pending.before, text.slice(0, 2))) pending.element.before(pending.element.ownerDocument.createTextNode(' '));
          pending = null;
        }
        tail = (tail + text).slice(-2);
        tailNode = node;
      } else if (node.nodeType === 1) {
        const element = node as Element;
        if (VERBATIM.has(element.localName)) {
          tail = '';
          pending = null;
          continue;
        }
        if (isBlock(element)) {
          tail = '';
          pending = null;
          visit(element);
          tail = '';
          pending = null;
          continue;
        }
        const previous = previousElement(element);
        if (!pending && previous && !isBlock(previous) && tailNode && previous.contains(tailNode)) pending = { element, before: tail };
        visit(element);
        // An element without text (an icon) joins nothing.
        if (pending?.element === element) pending = null;
      }
    }
  };
  visit(root as unknown as Node);
}

/** Phrasing elements: what a sentence is made of (HTML's phrasing content, less media and controls). */
const PHRASING = new Set(['A', 'ABBR', 'B', 'BDI', 'BDO', 'CITE', 'CODE', 'DATA', 'DFN', 'EM', 'I', 'KBD', 'MARK', 'Q', 'S', 'SAMP', 'SMALL', 'SPAN', 'STRONG', 'SUB', 'SUP', 'TIME', 'U', 'VAR']);
/** A "span" that wraps blocks is a container, not a phrase. */
const BLOCKS_INSIDE = 'address, article, aside, blockquote, div, dl, figure, footer, form, h1, h2, h3, h4, h5, h6, header, li, main, nav, ol, p, pre, section, table, ul';
const WORDLIKE = /[\p{L}\p{N}]/u;

/**
 * Whether a phrase element sits inside a sentence: its parent has words in text on both sides of it
 * ("The <a>Garmin Forerunner 970</a> is our favorite"). Cutting it leaves a hole ("The is our favorite"),
 * so passes that judge content leave it be (remove.ts). A label or a date line stands alone, or ends its
 * line ("Read more" after an excerpt).
 */
export function withinSentence(element: Element): boolean {
  if (!PHRASING.has(element.tagName)) return false;
  if (!wordsBeside(element, (node) => node.previousSibling) || !wordsBeside(element, (node) => node.nextSibling)) return false;
  return element.querySelector(BLOCKS_INSIDE) === null;
}

function wordsBeside(element: Element, step: (node: ChildNode) => ChildNode | null): boolean {
  for (let node = step(element); node; node = step(node)) if (node.nodeType === 3 && WORDLIKE.test(node.textContent ?? '')) return true;
  return false;
}

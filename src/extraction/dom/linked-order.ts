/**
 * Document-order walks over linkedom's own list. linkedom keeps a document as one doubly linked list of
 * nodes: an element's start, its attributes, its content, then its end marker (that is how it answers
 * getElementsByTagName and querySelectorAll itself). The DOM's firstElementChild, nextElementSibling and
 * parentElement each step along that list again from the node, through getters: walks built on them were
 * ~14% of the pipeline on WCXB dev (a profile of `extractHtml` over the set). Stepping the list directly
 * visits the same elements in the same order.
 *
 * linkedom does not export its list's symbols; they are read once from an element it makes.
 */
import { parseHTML } from 'linkedom';

interface Linked {
  nodeType: number;
}

const ELEMENT_NODE = 1;
/** linkedom's end marker of an element (shared/constants.js NODE_END). */
const END_MARKER = -1;

function linkSymbol(description: string): symbol {
  const element = parseHTML('<p></p>').document.createElement('p');
  const symbol = Object.getOwnPropertySymbols(element).find((own) => own.description === description);
  if (!symbol) throw new Error(`linkedom's elements no longer carry the '${description}' link this walk reads`);
  return symbol;
}

const NEXT = linkSymbol('next');
const END = linkSymbol('end');

const next = (node: Linked): Linked | null => (node as unknown as Record<symbol, Linked | null>)[NEXT] ?? null;
const endOf = (element: Element): Linked => (element as unknown as Record<symbol, Linked>)[END] as Linked;

/** The first element at or after `node` in the list, stopping at `stop` (exclusive). */
function firstElementFrom(node: Linked | null, stop: Linked): Element | null {
  for (let at = node; at && at !== stop; at = next(at)) if (at.nodeType === ELEMENT_NODE) return at as unknown as Element;
  return null;
}

/** The first element below `root` in document order (its first element child), or null. */
export function firstElementBelow(root: Element): Element | null {
  return firstElementFrom(next(root as unknown as Linked), endOf(root));
}

/** The element after `element` in document order below `root`: its first child if it has one. */
export function nextElementBelow(element: Element, root: Element): Element | null {
  return firstElementFrom(next(element as unknown as Linked), endOf(root));
}

/** The element after `element`'s whole subtree in document order below `root` (its children skipped). */
export function nextElementAfter(element: Element, root: Element): Element | null {
  return firstElementFrom(next(endOf(element)), endOf(root));
}

/** The elements exactly `depth` levels below `root` (its children are 1), in document order. */
export function elementsAtDepth(root: Element, depth: number): Element[] {
  const out: Element[] = [];
  const stop = endOf(root);
  // Depth rises at an element's start and falls at its end marker.
  let level = 0;
  for (let at = next(root as unknown as Linked); at && at !== stop; at = next(at)) {
    if (at.nodeType === ELEMENT_NODE) {
      if (++level === depth) out.push(at as unknown as Element);
    } else if (at.nodeType === END_MARKER) level--;
  }
  return out;
}

/**
 * Tree walks by tag name. linkedom's querySelector/querySelectorAll/closest compile a css-select matcher on
 * every call and run it on every node; for the tag and attribute tests of the cleaning passes a plain
 * walk over element children is several times cheaper (those passes were a fifth of the pipeline).
 */
import { firstElementBelow, nextElementAfter, nextElementBelow } from './linked-order.js';
import { collapsedTextLength, collapseWhitespace } from './text.js';

/** Every element below `root` (not `root` itself) in document order; `skip` prunes a subtree. */
export function descendants(root: Element, skip?: (element: Element) => boolean): Element[] {
  const out: Element[] = [];
  for (let element = firstElementBelow(root); element; ) {
    if (skip?.(element)) {
      element = nextElementAfter(element, root);
      continue;
    }
    out.push(element);
    element = nextElementBelow(element, root);
  }
  return out;
}

/**
 * Whether an element's `localName` is the tag `upper` (upper case; `lower` is the same in lower case).
 * linkedom's `tagName` upper-cases `localName` on every read (a new string per element and call); parsed
 * HTML elements have lower-case local names, createElement('DIV') keeps its case: both compare directly,
 * and only a mixed-case (or non-ASCII) name pays for the upper-casing.
 */
/** Whether upper-casing could make `name` equal an upper-case tag other than a plain lower-case name could. */
function needsUpperCasing(name: string): boolean {
  for (let k = 0; k < name.length; k++) {
    const code = name.charCodeAt(k);
    if ((code >= 65 && code <= 90) || code >= 128) return true; // non-ASCII: 'ſ'.toUpperCase() is 'S'
  }
  return false;
}

function isTag(name: string, upper: string, lower: string): boolean {
  return name === lower || name === upper || (needsUpperCasing(name) && name.toUpperCase() === upper);
}

/** Whether a local name is <template>'s, whose contents the walks here skip (as querySelectorAll). */
export const isTemplate = (name: string) => isTag(name, 'TEMPLATE', 'template');

/**
 * Elements below `root` with tag `tag` (upper case), outside <template> contents (as querySelectorAll).
 * linkedom's getElementsByTagName upper-cases every element's name to compare it.
 */
export function elementsByTag(root: Element, tag: string): Element[] {
  const out: Element[] = [];
  const lower = tag.toLowerCase();
  for (let element = firstElementBelow(root); element; ) {
    const name = element.localName;
    if (isTag(name, tag, lower)) out.push(element);
    element = isTemplate(name) ? nextElementAfter(element, root) : nextElementBelow(element, root);
  }
  return out;
}

/** The elements of a whole page that metadata, links, code-language marking and the lead heading read, in document order. */
export interface PageIndex {
  anchors: Element[];
  metas: Element[];
  links: Element[];
  scripts: Element[];
  pres: Element[];
  /** The page's H1 headings (the output's lead heading is chosen among them). */
  h1s: Element[];
  /** The page's H2 headings (metadata anchors the byline on one that says the title when no H1 does). */
  h2s: Element[];
  /** `<time>` elements (metadata's date when none sits beside the headline). */
  times: Element[];
  /** `<title>` elements (the first in <head> is the document's title; an SVG's own <title> may follow). */
  titles: Element[];
}

const INDEXED = new Map<string, keyof PageIndex>(
  (
    [
      ['A', 'anchors'],
      ['META', 'metas'],
      ['LINK', 'links'],
      ['SCRIPT', 'scripts'],
      ['PRE', 'pres'],
      ['H1', 'h1s'],
      ['H2', 'h2s'],
      ['TITLE', 'titles'],
      ['TIME', 'times'],
    ] as const
  ).flatMap(([tag, list]) => [
    [tag, list],
    [tag.toLowerCase(), list],
  ]),
);


/**
 * One walk for what several readers of the whole page need (each used to walk the page on its own);
 * outside <template> contents, like elementsByTag. Pass the document to read every root element.
 */
export function indexPage(root: Element): PageIndex {
  const index: PageIndex = { anchors: [], metas: [], links: [], scripts: [], pres: [], h1s: [], h2s: [], titles: [], times: [] };
  for (let element = firstElementBelow(root); element; ) {
    const name = element.localName;
    // Parsed names are lower case: a mixed-case one (createElement('Pre')) is compared as tagName would.
    const list = INDEXED.get(name) ?? (needsUpperCasing(name) ? INDEXED.get(name.toUpperCase()) : undefined);
    if (list) index[list].push(element);
    element = isTemplate(name) ? nextElementAfter(element, root) : nextElementBelow(element, root);
  }
  return index;
}

/** The page title's tag, for hasDescendantTag: blocks holding it are never chrome. */
export const H1: ReadonlySet<string> = new Set(['H1']);
/** Heading tags below the page title: section, card and widget headings. */
export const SUBHEADINGS: ReadonlySet<string> = new Set(['H2', 'H3', 'H4', 'H5', 'H6']);
/** Every heading tag. */
export const HEADINGS: ReadonlySet<string> = new Set([...H1, ...SUBHEADINGS]);
/** The same tags as a selector, for querySelector and closest. */
export const HEADING_SELECTOR = [...HEADINGS].map((tag) => tag.toLowerCase()).join(', ');

/** Whether `root` has a descendant whose tag (upper case) is in `tags`. */
export function hasDescendantTag(root: Element, tags: ReadonlySet<string>): boolean {
  for (let element = firstElementBelow(root); element; element = nextElementBelow(element, root)) {
    if (tags.has(element.tagName)) return true;
  }
  return false;
}

/** Whether `element` or one of its ancestors passes `test`. */
export function hasAncestorOrSelf(element: Element, test: (element: Element) => boolean): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) if (test(node)) return true;
  return false;
}

const CODE_TAGS: ReadonlySet<string> = new Set(['PRE', 'CODE']);

/** Whether `element` is or sits in code (<pre>, <code>): what a pass judging prose must leave as it is. */
export function isInCode(element: Element): boolean {
  return hasAncestorOrSelf(element, (node) => CODE_TAGS.has(node.tagName));
}

/** The element's text with whitespace runs as one space, trimmed (what a reader sees as its words). */
export function normalizedText(element: Element): string {
  return collapseWhitespace(element.textContent ?? '');
}

/** Text length with whitespace runs counted as one character, the runs at either end included. */
export function collapsedLength(element: Element): number {
  return collapsedTextLength(element.textContent ?? '');
}

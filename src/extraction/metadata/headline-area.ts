import { collapseWhitespace } from '../dom/text.js';
import { findDate } from './date-parse.js';

/**
 * The page's headline and the elements around it, where pages print their byline and date. Reading only
 * this window (not the whole page) keeps sidebar teasers, comment dates and copyright footers out, and
 * costs a bounded walk instead of another pass over the document.
 */

/** Elements read after the headline (in document order): bylines sit below it, sometimes past a lead image or share bar. */
const AFTER = 100;
/** Elements read before it: a kicker date or author line above the headline. */
const BEFORE = 30;

/** Subtrees whose text no reader sees. */
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'select', 'option']);

/** Whether `element`'s subtree is one no reader sees (scripts, styles, templates, embedded documents). */
export const isUnseen = (element: Element) => SKIPPED.has(element.localName);

/** Elements that run inside a line of text; every other element ends a word. */
const INLINE = new Set(['a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'em', 'font', 'i', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr']);

/** The next element in document order after `element` and its subtree... or inside it when `enter`. */
function nextInOrder(element: Element, enter: boolean): Element | null {
  if (enter && !isUnseen(element) && element.firstElementChild) return element.firstElementChild;
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (node.nextElementSibling) return node.nextElementSibling;
  }
  return null;
}

/** The previous element in reverse document order (a container after its last descendant). */
function previousInOrder(element: Element): Element | null {
  let node = element.previousElementSibling;
  if (!node) return element.parentElement;
  while (!isUnseen(node) && node.lastElementChild) node = node.lastElementChild;
  return node;
}

export interface HeadlineArea {
  headline: Element;
  /** Numeric dates on this page are day first. */
  dayFirst: boolean;
  /** The elements after the headline's subtree, nearest first, then those before it (its ancestors excluded), nearest first. */
  lines: Line[];
  /** The first date written in a line (read once per line: author and date rules both ask). */
  dateIn(line: Line): { iso: string; index: number } | null;
}

/**
 * An element of the area and its text when that is a short line (a byline, a date), else null. The text
 * is read on first use: a page whose JSON-LD names author and date never reads it.
 */
export class Line {
  #text: string | null | undefined;
  /** `distance`: elements between the headline and this one, in document order (1 = next to it), above or below. */
  constructor(
    readonly element: Element,
    readonly distance = 1,
  ) {}
  get text(): string | null {
    if (this.#text === undefined) this.#text = shortText(this.element, LINE_MAX);
    return this.#text;
  }
}

/** Longest text read as one line of a byline: author, role, date, reading time. */
export const LINE_MAX = 160;
/** Most elements inside one line (icons, links, separators); a container of more is a block of the page, not a line. */
const MOST_ELEMENTS = 40;

export function headlineArea(headline: Element, options: { dayFirst: boolean }): HeadlineArea {
  const after: Element[] = [];
  for (let node = nextInOrder(headline, false); node && after.length < AFTER; node = nextInOrder(node, true)) if (!isUnseen(node)) after.push(node);
  // The headline's ancestors are skipped: their text holds the headline and everything around it.
  const ancestors = new Set<Element>();
  for (let node = headline.parentElement; node; node = node.parentElement) ancestors.add(node);
  const before: Element[] = [];
  for (let node = previousInOrder(headline); node && before.length < BEFORE; node = previousInOrder(node)) if (!isUnseen(node) && !ancestors.has(node)) before.push(node);
  const lines = [...after.map((element, i) => new Line(element, i + 1)), ...before.map((element, i) => new Line(element, i + 1))];
  const dates = new Map<Line, { iso: string; index: number } | null>();
  const dateIn = (line: Line) => {
    if (!line.text) return null;
    if (!dates.has(line)) dates.set(line, findDate(line.text, options));
    return dates.get(line)!;
  };
  return { headline, dayFirst: options.dayFirst, lines, dateIn };
}

/**
 * An element's text, whitespace collapsed, or null when it is longer than `max` characters. Stops reading
 * there: the window's containers (the article body after the headline) would otherwise be read whole,
 * once per nesting level.
 */
export function shortText(element: Element, max: number): string | null {
  let raw = '';
  let budget = 4 * max + 200; // raw characters, whitespace included
  let elements = MOST_ELEMENTS;
  const walk = (node: Node): boolean => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 1 && --elements < 0) return false;
      if (child.nodeType === 3) {
        raw += child.textContent ?? '';
        budget -= (child.textContent ?? '').length;
        if (budget < 0) return false;
      } else if (child.nodeType === 1 && !isUnseen(child as Element)) {
        // Blocks and line breaks separate words even when the markup has no space ("Staff Writer<div>Reviewed by").
        const separate = !INLINE.has((child as Element).localName);
        if (separate) raw += ' ';
        if (!walk(child)) return false;
        if (separate) raw += ' ';
      }
    }
    return true;
  };
  if (!walk(element)) return null;
  const text = collapseWhitespace(raw);
  return text.length <= max ? text : null;
}

/** Whether `element` is inside page chrome: a site header, navigation or footer, not the article. */
export function inChrome(element: Element): boolean {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const name = node.localName.toLowerCase();
    if (name === 'nav' || name === 'footer' || name === 'aside') return true;
    if (name === 'article' || name === 'main') return false;
  }
  return false;
}

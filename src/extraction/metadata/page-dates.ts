import { isUnseen, shortText } from './headline-area.js';
import { findDate, parseDate } from './date-parse.js';
import { elementNames } from '../dom/element-names.js';

/**
 * Dates read from the whole page rather than beside the headline, for pages whose byline sits far from it
 * (below a long lead, at the end of the article) or that have no headline. They read the content, outside
 * navigation, footers, sidebars and comments, in document order; author.ts reads a labelled author line
 * from the same walk (ContentNodes, firstInContent).
 */

/** Containers whose dates are not the page's: navigation, footers, sidebars, comments. */
const CHROME_TAGS = new Set(['nav', 'footer', 'aside']);
const NOT_THE_PAGE = /comment|reply|sidebar|related|footer/i;

/**
 * The content's nodes (elements and text) in document order, walked once per page and only as far as a
 * reader has asked. The labelled date and the first content dates each read the content from its start:
 * as separate walks they were ~1 ms a page on WCXB dev, nearly all of it walking rather than reading.
 */
export class ContentNodes {
  private readonly walked: Node[] = [];
  private readonly stack: Node[];

  constructor(private readonly body: Element) {
    this.stack = [body];
  }

  /** The node at `index`, or null past the content's end. */
  at(index: number): Node | null {
    while (this.walked.length <= index) {
      const node = this.stack.pop();
      if (!node) return null;
      if (node.nodeType !== 1) {
        if (node.nodeType === 3) this.walked.push(node);
        continue;
      }
      const element = node as Element;
      if (isUnseen(element) || CHROME_TAGS.has(element.localName)) continue;
      // Not on <body> itself: themes list their options there ("fusion-woo-related-columns-4 avada-footer-fx-none").
      if (element !== this.body && NOT_THE_PAGE.test(elementNames(element))) continue;
      this.walked.push(element);
      for (let child = element.lastChild; child; child = child.previousSibling) this.stack.push(child);
    }
    return this.walked[index] as Node;
  }
}

/** The first non-null `read` of the content's nodes (text and elements) in document order. */
export function firstInContent(content: ContentNodes, read: (node: Node) => string | null): string | null {
  for (let index = 0, node = content.at(0); node; node = content.at(++index)) {
    const found = read(node);
    if (found) return found;
  }
  return null;
}

/** A line that says it gives the publication date: "Posted on April 13, 2023", "Published On: 15 August 2025". */
const PUBLISHED_LINE = /^(?:(?:first |originally )?(?:published|posted)(?: (?:on|at))?(?: the)?|date published|publication date|publish date)\s*:?\s*/i;
/** Longest such line: a label, a date, a time and a short byline. */
const LABELLED_LINE_MAX = 80;

/**
 * The first labelled publication date in the page ("Posted on …"): where the headline area ends before
 * it. Reads only the text nodes that begin with the label.
 */
export function labelledDate(content: ContentNodes, dayFirst: boolean): string | null {
  return firstInContent(content, (node) => {
    if (node.nodeType !== 3 || !node.parentElement || !PUBLISHED_LINE.test((node.textContent ?? '').trim())) return null;
    const line = shortText(node.parentElement, LABELLED_LINE_MAX);
    const label = line ? PUBLISHED_LINE.exec(line) : null;
    if (!line || !label) return null;
    // A label alone ("<dt>Published</dt><dd>Feb 2, 2023</dd>"): the date is the next element's text.
    const next = node.parentElement.nextElementSibling;
    const rest = label[0].length < line.length ? line.slice(label[0].length) : next ? shortText(next, LABELLED_LINE_MAX) : null;
    const found = rest ? findDate(rest, { dayFirst }) : null;
    return found && found.index === 0 ? found.iso : null;
  });
}

/** Longest text node read for a date: a byline or a date line, not a paragraph of prose. */
const DATE_TEXT_MAX = 200;

/** Most words before the date in a date line: a short label ("Last updated:", "Posted", "Date:"), not a sentence. */
const DATE_LINE_WORDS = 3;

/** Whether the date at `index` of `text` is the text's date line: few words before it, and the text short. */
function isDateLine(text: string, index: number): boolean {
  return text.length <= LABELLED_LINE_MAX && text.slice(0, index).split(/\s+/).filter(Boolean).length <= DATE_LINE_WORDS;
}

/**
 * The first date the content shows (a `<time datetime>`, a written date in a short text node): anywhere
 * in it (`anywhere`), or only inside an <article> element (date.ts decides which pages may take a date
 * from anywhere); `dateLines`: only a written date that is its text's line (isDateLine), not one that
 * prose mentions.
 */
export function firstContentDate(content: ContentNodes, options: { dayFirst: boolean; anywhere: boolean; dateLines?: boolean }): string | null {
  const inArticle = (element: Element | null) => {
    if (options.anywhere) return true;
    for (let node = element; node; node = node.parentElement) if (node.localName === 'article') return true;
    return false;
  };
  return firstInContent(content, (node) => {
    if (node.nodeType === 1) {
      const datetime = (node as Element).localName === 'time' ? (node as Element).getAttribute('datetime') : null;
      const iso = datetime ? parseDate(datetime, { machine: true }) : null;
      return iso && inArticle(node as Element) ? iso : null;
    }
    const text = (node.textContent ?? '').trim();
    if (text.length > DATE_TEXT_MAX) return null;
    const found = findDate(text, { dayFirst: options.dayFirst });
    if (found && options.dateLines && !isDateLine(text, found.index)) return null;
    return found && inArticle(node.parentElement) ? found.iso : null;
  });
}

import type { DomElement } from '../dom/dom.js';
import { normalizedText } from '../dom/dom-walk.js';

/**
 * The output's lead heading (decisions, second round): markdown and blocks begin with the page's title
 * as a level-1 heading — the content's own H1 when it has one, else `metadata.title` — so that an agent
 * reading only the markdown knows what the page is.
 *
 * Main-content extraction loses that H1 on most pages: Readability removes the heading that repeats the
 * page title and renames every other H1 to H2, and a content root of our own may start below the
 * headline. So the heading is put back here, on the extracted content, for every output at once.
 */

/**
 * Text before the content's own heading that still lets it lead: a kicker, a date, breadcrumbs, an
 * image caption. More than this is prose, and an H1 after it heads a section, not the page.
 */
const LEAD_IN_MAX_CHARS = 200;

/** Share of a heading's words found in the title above which the heading repeats the title (Readability's test). */
const SAME_AS_TITLE = 0.75;

const WORDS = /[\p{L}\p{N}]+/gu;
const wordsOf = (text: string) => text.toLowerCase().match(WORDS) ?? [];

/** How much of `heading` the title says too: 1 − (length of the heading's words missing from the title) / (length of all its words). */
function similarity(title: string, heading: string): number {
  const titleWords = new Set(wordsOf(title));
  const headingWords = wordsOf(heading);
  const total = headingWords.join(' ').length;
  if (total === 0) return 0;
  const missing = headingWords.filter((word) => !titleWords.has(word)).join(' ').length;
  return 1 - missing / total;
}

const repeatsTitle = (heading: string, titles: readonly string[]) => titles.some((title) => similarity(title, heading) > SAME_AS_TITLE);

/** Characters a reader sees of `text`: runs of white space as one, none at the ends. */
const shownLength = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim().length;

/** Characters of text in `root` before `target` (stops counting at LEAD_IN_MAX_CHARS). */
function textBefore(root: Element, target: Element): number {
  let length = 0;
  const walk = (node: Node): boolean => {
    if (node === target) return true;
    if (node.nodeType === 3) length += shownLength(node.textContent);
    else for (let child = node.firstChild; child; child = child.nextSibling) if (walk(child) || length > LEAD_IN_MAX_CHARS) return true;
    return false;
  };
  walk(root);
  return length;
}

export interface LeadHeadingSources {
  /** Texts of the page's H1 elements, read before main-content extraction changed the document. */
  pageH1s: readonly string[];
  /** `metadata.title` as the result reports it (null when the page has none). */
  title: string | null;
  /** Other names of the page (Readability's cleaned title) that a repeated headline may match. */
  otherTitles?: readonly (string | null)[];
}

/**
 * Makes `root` (the extracted content) begin with an H1: the content's own H1 (or the page's H1 that
 * Readability kept as an H2), moved to the front when only a short lead-in precedes it; else the page's
 * H1 that extraction dropped for repeating the title; else the title. Nothing when the page names itself nowhere.
 * Returns what it did (`added`: the content itself had no heading to lead with).
 */
export function ensureLeadHeading(root: DomElement, sources: LeadHeadingSources): 'kept' | 'moved' | 'added' | 'none' {
  const body = root as unknown as Element;
  const document = body.ownerDocument;
  const pageH1s = sources.pageH1s.filter(Boolean);
  const titles = [sources.title, ...(sources.otherTitles ?? [])].filter((t): t is string => Boolean(t?.trim()));

  const own = [...body.querySelectorAll('h1, h2')].find((heading) => {
    if (!normalizedText(heading)) return false;
    return heading.tagName === 'H1' || pageH1s.includes(normalizedText(heading));
  });
  if (own && (textBefore(body, own) <= LEAD_IN_MAX_CHARS || repeatsTitle(normalizedText(own), titles))) {
    if (own === body.firstElementChild && own.tagName === 'H1') {
      dropRepeatedTitle(body, own);
      return 'kept';
    }
    const lead = own.tagName === 'H1' ? own : document.createElement('h1');
    if (lead !== own) {
      lead.append(...own.childNodes);
      own.remove();
    }
    body.insertBefore(lead, body.firstChild);
    dropRepeatedTitle(body, lead);
    return 'moved';
  }

  const text = pageH1s.find((h1) => repeatsTitle(h1, titles)) ?? titles[0];
  if (!text) return 'none';
  const lead = document.createElement('h1');
  lead.textContent = text;
  body.insertBefore(lead, body.firstChild);
  dropRepeatedTitle(body, lead);
  return 'added';
}

/** Media a title line never holds: a block with them is more than a second copy of the title. */
const MEDIA = new Set(['IMG', 'PICTURE', 'VIDEO', 'AUDIO', 'IFRAME', 'TABLE', 'svg']);
const comparable = (text: string) => wordsOf(text).join(' ');
/** Blocks a title line is set in; an inline element (`<code>useState</code>` opening a sentence) is a word of its line. */
const TITLE_BLOCKS = new Set(['P', 'DIV', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HGROUP']);

/** The first non-blank text node after `from` in document order, within `root`. */
function firstTextAfter(root: Element, from: Element): Text | null {
  // The node after `current`'s own subtree in document order.
  const next = (current: Node): Node | null => {
    for (let n: Node | null = current; n && n !== root; n = n.parentNode) if (n.nextSibling) return n.nextSibling;
    return null;
  };
  let node = next(from);
  while (node) {
    if (node.nodeType === 3 && (node.textContent ?? '').trim()) return node as Text;
    node = node.firstChild ?? next(node);
  }
  return null;
}

/**
 * The title once: when the same words come again within a short lead-in after the lead heading (a page's
 * title styled as a paragraph, `<p class="titulo">`, or a sub-heading repeating the H1 we put back), that
 * second copy goes. Readers see a headline twice; the block removed is the largest one starting there
 * whose whole text is the title, holding no picture. WCXB dev: 18 pages showed their title twice right
 * under it, none now (+0.00002; 15 up, 3 down); scrapinghub's f6ac15a4. The copy may sit after a short
 * lead-in (LEAD_IN_MAX_CHARS: a brand and a category over a product's name, "Nike Pegasus 41 / Men's Road
 * Running Shoes / … / Nike Pegasus 41"; a forum's welcome line over the topic's own title): WCXB dev
 * +0.00003 (9 pages up, none down: 0624, 2864, 0556, 4812, 2837, 0351, 4062, 0250, 2897), the unseen probe
 * one page up, scrapinghub unchanged, trafilatura's set unchanged in score (one page's copy went, 0302). The
 * lead-in is counted in text, not blocks: Nike's is three lines, one of them a sentence longer than the title.
 */
function dropRepeatedTitle(root: Element, lead: Element): void {
  const title = comparable(lead.textContent ?? '');
  if (!title) return;
  let from: Element = lead;
  let passed = 0;
  while (passed <= LEAD_IN_MAX_CHARS) {
    const first = firstTextAfter(root, from);
    if (!first) return;
    const { copy, line } = titleCopyAt(root, first, title);
    if (copy) {
      copy.remove();
      return;
    }
    const passing = line ?? first.parentElement;
    if (!passing || passing === root) return;
    passed += shownLength(passing.textContent);
    from = passing;
  }
}

/**
 * Read upward from `text`: the largest block starting there whose whole text is the title (`copy`), and
 * the largest element around `text` no longer than the title (`line`, null when even `text`'s own element
 * says more), which the search skips as a whole.
 */
function titleCopyAt(root: Element, text: Text, title: string): { copy: Element | null; line: Element | null } {
  let copy: Element | null = null;
  let line: Element | null = null;
  for (let element = text.parentElement; element && element !== root; element = element.parentElement) {
    const words = comparable(element.textContent ?? '');
    if (words.length > title.length) break;
    line = element;
    if (words === title && TITLE_BLOCKS.has(element.tagName) && !hasMedia(element)) copy = element;
  }
  return { copy, line };
}

function hasMedia(element: Element): boolean {
  for (let child = element.firstElementChild; child; child = child.nextElementSibling) if (MEDIA.has(child.tagName) || hasMedia(child)) return true;
  return false;
}

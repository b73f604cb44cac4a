import { Readability } from '@mozilla/readability';
import { isAriaHidden } from '../dom/aria-hidden.js';
import { inlineStyleValue } from '../dom/inline-style.js';
import { collapsedTextLength } from '../dom/text.js';
import { THRESHOLDS } from './thresholds.js';

export interface ReadabilityResult {
  /** Readability's article element (its children are the content), handed over rather than serialised. */
  content: Element;
  /** Characters of text in the result. */
  textLength: number;
  title: string | null;
  byline: string | null;
}

/** Same test as Readability's byline pattern (REGEXPS.byline in 0.6.0). */
const BYLINE_HINT = /byline|author|dateline|writtenby|p-author/i;

/**
 * Whether any text below `element` is not whitespace: `element.textContent.trim()` is non-empty, read
 * text node by text node (linkedom's textContent counts text and CDATA nodes) and stopping at the first.
 */
function hasVisibleText(element: Node): boolean {
  for (let child = element.firstChild; child; child = child.nextSibling) {
    const type = child.nodeType;
    if (type === 3 || type === 4) {
      if (/\S/.test((child as CharacterData).data)) return true;
    } else if (type === 1 && hasVisibleText(child)) return true;
  }
  return false;
}

/** Whether the element's HTML would be more than whitespace: a child that is not a blank text node. */
function hasContent(element: Element): boolean {
  for (let child = element.firstChild; child; child = child.nextSibling) {
    if (child.nodeType !== 3 || /\S/.test((child as CharacterData).data)) return true;
  }
  return false;
}

/**
 * The element's next innerHTML read answers '' and removes the override, so every later read (and any
 * write) is linkedom's own. For reads whose string Readability drops (PithReadability._grabArticle).
 */
function skipNextInnerHtmlRead(element: Element): void {
  Object.defineProperty(element, 'innerHTML', {
    configurable: true,
    get(this: Element) {
      Reflect.deleteProperty(this, 'innerHTML');
      return '';
    },
  });
}

const hasFallbackImageClass = (className: unknown): boolean => typeof className === 'string' && className.includes('fallback-image');

/** Readability 0.6.0 puts a DIV's only <p> in its place when the DIV's link density is under this (_grabArticle). */
const READABILITY_DIV_TO_P_MAX_LINK_DENSITY = 0.25;

/** Tailwind's scroll margins and paddings (`scroll-mt-20`, `scroll-px-4`): layout, not a scroller. */
const SCROLL_SPACING_TOKENS = /(?<=^|\s)scroll-[mp][trblxyse]?-\S+(?=\s|$)/g;

/** Readability 0.6.0's own methods that PithReadability wraps (not in its type declarations). */
interface ReadabilityInternals {
  _hasSingleTagInsideElement(this: Readability<Node>, element: Element, tag: string): boolean;
  _getLinkDensity(this: Readability<Node>, element: Element): number;
  _getClassWeight(this: Readability<Node>, element: Pick<Element, 'className' | 'id'>): number;
  _grabArticle(this: Readability<Node>, page?: Element | null): Element | null;
  _getInnerText(this: Readability<Node>, element: Element, normalizeSpaces?: boolean): string;
  _cleanConditionally(this: Readability<Node>, element: Element, tag: string): void;
  _removeNodes(this: Readability<Node>, nodes: ArrayLike<Element>, filter?: (this: Readability<Node>, node: Element, index: number, nodes: ArrayLike<Element>) => unknown): void;
  _removeFlag(this: Readability<Node>, flag: number): void;
  FLAG_STRIP_UNLIKELYS: number;
}

const readability = Readability.prototype as unknown as ReadabilityInternals;

/**
 * Readability 0.6.0 with four costs taken out, same decisions:
 * - its visibility test reads the inline style from the attribute (dom/inline-style.ts) instead of through
 *   linkedom's `style` object;
 * - while _cleanConditionally judges the forms, tables, lists and divs of the article, inner texts are
 *   kept until the tree changes. Its judge reads each candidate's text five or six times (list share,
 *   commas, length, link density, two text densities) and the texts of the same descendants again for
 *   every enclosing candidate; it only reads the tree, and the one change, removing a candidate it
 *   condemned, empties what was kept. On WCXB dev this judging was ~8% of the pipeline;
 * - its empty-element test stops at the first text node with something in it;
 * - its byline test runs the attribute and pattern checks before reading the text.
 */
export class PithReadability extends Readability<Node> {
  /**
   * Readability starts without its unlikely-candidates pass, as it does on its own second attempt. That pass
   * drops every element whose class or id merely contains one of its words (header, menu, comment, extra,
   * social, related…): Wikipedia's `wikitable sticky-header` tables, a `category-page-list`, a page wrapped in
   * `social-rel`, Word's `MsoHeader` paragraphs. Our boilerplate pass has already removed chrome by whole
   * words of class and id (chrome-names.ts) before Readability runs, so the substring test only took content.
   * WCXB dev 0.88585 -> 0.88759 on 216 pages, every fold up (+0.0013 +0.0025 +0.0032 +0.0015 +0.0002; a
   * Netflix blog index 0.19 -> 0.79, the Nobel laureates' table 0.32 -> 0.87); scrapinghub precision
   * 0.9526 -> 0.9518 (a standfirst or a copyright line now kept on 6 pages).
   */
  constructor(...args: ConstructorParameters<typeof Readability<Node>>) {
    super(...args);
    readability._removeFlag.call(this, readability.FLAG_STRIP_UNLIKELYS);
  }

  /**
   * Its _grabArticle asks this of every element it walks (DIV/SECTION and headings) and read the whole
   * subtree's textContent each time, ~1 ms a page on WCXB dev: a text node with something in it answers.
   */
  _isElementWithoutContent(node: Element): boolean {
    if (node.nodeType !== 1 || hasVisibleText(node)) return false;
    const count = node.children.length;
    return !count || count == node.getElementsByTagName('br').length + node.getElementsByTagName('hr').length;
  }

  /**
   * Its own test reads every walked element's textContent before the cheap attribute and pattern tests that
   * nearly always fail (~1 ms a page on WCXB dev); the same tests, the text last.
   */
  _isValidByline(node: Element, matchString: string): boolean {
    const rel = node.getAttribute('rel');
    const itemprop = node.getAttribute('itemprop');
    if (!(rel === 'author' || (itemprop && itemprop.includes('author')) || BYLINE_HINT.test(matchString))) return false;
    const bylineLength = (node.textContent ?? '').trim().length;
    return !!bylineLength && bylineLength < 100;
  }

  /**
   * Its parse() logs "Grabbed: " + the article's HTML whether or not debugging is on: the whole article
   * serialised for a string it drops (~1% of the pipeline on WCXB dev). That read answers '' instead.
   */
  _grabArticle(page?: Element | null): Element | null {
    const article = readability._grabArticle.call(this, page);
    if (article) skipNextInnerHtmlRead(article);
    return article;
  }

  /** Inner texts (normalised, then raw) read since the tree last changed, during _cleanConditionally only. */
  private keptTexts: [Map<Element, string>, Map<Element, string>] | null = null;

  /**
   * Its _grabArticle asks this of a DIV holding only phrasing content, once it has wrapped that content in a
   * new <p>, and then puts the <p> in the DIV's place (when the DIV's link density is under 0.25): the DIV's
   * class goes with it. The passes after the choice read class names (captions, bylines, the learned block
   * features), so a caption written as `<div class="InlineImage-imageEmbedCaption">` stayed in Readability's
   * pick and went from our own root. The class is kept aside for the <p> (not as its class: Readability
   * weighs classes while it scores) and put back, beside the <p>'s own, on the pick (restoreNames).
   * scrapinghub 0.9732 -> 0.9736 (CNBC's photo caption, 374ac9a5 precision 0.87 -> 0.96; 6 more pages up,
   * none down); WCXB dev 0.89068 -> 0.89075 (29 pages; Clay's `<div class="caption"><p class="…">` captions,
   * 2269 0.85 -> 0.87; down where a class now read is a site's odd name, pcmag's pros and cons `lfh_meta` read
   * as metadata lines, an events page's dates named `date`). Its other rewrite, _simplifyNestedElements
   * putting a wrapper's attributes over its only child's, is left as it is: the child's names kept beside the
   * wrapper's moved 15 WCXB dev pages, -0.00004.
   */
  _hasSingleTagInsideElement(element: Element, tag: string): boolean {
    const single = readability._hasSingleTagInsideElement.call(this, element, tag);
    if (!single) return single;
    if (tag === 'P' && element.tagName === 'DIV' && readability._getLinkDensity.call(this, element) < READABILITY_DIV_TO_P_MAX_LINK_DENSITY) {
      this.keepNames(element.children[0]!, element.getAttribute('class'));
    }
    return single;
  }

  /** Class names Readability took off blocks of the page, to put back on those in its pick once it is done (restoreNames). */
  private readonly keptNames = new Map<Element, string[]>();

  private keepNames(element: Element, names: string | null): void {
    if (!names) return;
    const kept = this.keptNames.get(element);
    if (kept) kept.push(names);
    else this.keptNames.set(element, [names]);
  }

  /** Puts back on the blocks of its pick the class names Readability took off them, beside any they have now. */
  restoreNames(content: Element): void {
    for (const [element, kept] of this.keptNames) {
      if (!content.contains(element)) continue;
      const names = new Set((element.getAttribute('class') ?? '').split(/\s+/).filter(Boolean));
      for (const line of kept) for (const name of line.split(/\s+/)) if (name) names.add(name);
      element.setAttribute('class', [...names].join(' '));
    }
  }

  /**
   * Readability weighs a block by words in its class ("scroll" counts against it), and Tailwind's scroll
   * margins spell that word as layout: `scroll-mt-20` on every heading of Docker's documentation made
   * Readability drop them all (outside the shared sets: 0.95 -> 0.99). Those tokens are weighed as absent.
   * WCXB dev +0.00006, 5 documentation pages up (2868 0.94 -> 0.98), none down; scrapinghub unchanged.
   * Other utilities that spell its words were measured and stay weighed: dropping `overflow-hidden` and
   * variant-prefixed tokens (`lg:hidden`) too moved 27 more pages, 14 down (WCXB dev -0.00025).
   */
  _getClassWeight(element: Element): number {
    const className = element.className;
    if (typeof className !== 'string' || !className.includes('scroll-')) return readability._getClassWeight.call(this, element);
    const weighed = className.replace(SCROLL_SPACING_TOKENS, ' ');
    return readability._getClassWeight.call(this, weighed === className ? element : { className: weighed, id: element.id });
  }

  _isProbablyVisible(node: Element): boolean {
    return (
      inlineStyleValue(node, 'display') !== 'none' &&
      inlineStyleValue(node, 'visibility') !== 'hidden' &&
      !node.hasAttribute('hidden') &&
      // "fallback-image": Wikimedia's math images are shown (an SVG element's className is not a string).
      (!isAriaHidden(node) || hasFallbackImageClass(node.className))
    );
  }

  _getInnerText(element: Element, normalizeSpaces?: boolean): string {
    if (!this.keptTexts) return readability._getInnerText.call(this, element, normalizeSpaces);
    const kept = this.keptTexts[normalizeSpaces === false ? 1 : 0];
    let text = kept.get(element);
    if (text === undefined) kept.set(element, (text = readability._getInnerText.call(this, element, normalizeSpaces)));
    return text;
  }

  _cleanConditionally(element: Element, tag: string): void {
    this.keptTexts = [new Map(), new Map()];
    try {
      readability._cleanConditionally.call(this, element, tag);
    } finally {
      this.keptTexts = null;
    }
  }

  _removeNodes(nodes: ArrayLike<Element>, filter?: (this: Readability<Node>, node: Element, index: number, nodes: ArrayLike<Element>) => unknown): void {
    const kept = this.keptTexts;
    if (!kept || !filter) return readability._removeNodes.call(this, nodes, filter);
    // A node the filter condemns is removed right after: what was kept no longer holds.
    readability._removeNodes.call(this, nodes, function (this: Readability<Node>, node, index, list) {
      const condemned = filter.call(this, node, index, list);
      if (condemned) for (const texts of kept) texts.clear();
      return condemned;
    });
  }
}

/**
 * Runs `work` with the document's createElement lowercasing the name, as the DOM standard says an HTML
 * document's does. linkedom keeps the name as given, and Readability asks for "DIV" and "P": the nodes of
 * its pick, handed over without a parse, would then serialise as <DIV> and miss lower-case selectors.
 */
function withStandardCreateElement<T>(document: Document, work: () => T): T {
  const own = document as Document & { createElement?: unknown };
  const createElement = document.createElement;
  own.createElement = (name: string, options?: ElementCreationOptions) => createElement.call(document, name.toLowerCase(), options);
  try {
    return work();
  } finally {
    Reflect.deleteProperty(own, 'createElement');
  }
}

/** Mozilla Readability on the (already cleaned) document; it mutates the document. */
export function runReadability(document: Document): ReadabilityResult | null {
  let article: ReturnType<Readability<Node>['parse']>;
  try {
    // The article element itself, not its HTML: the caller moves its nodes instead of parsing them again.
    const serializer = (node: Node) => node;
    // keepClasses: the cleanup after the choice reads class names (captions, bylines, the learned block
    // features), as on our own root. Stripped, they left Readability's picks untouched by those passes
    // (scrapinghub 0.966 -> 0.968, image captions; WCXB dev unchanged at 0.877).
    const reader = new PithReadability(document, { charThreshold: THRESHOLDS.READABILITY_CHAR_THRESHOLD, serializer, keepClasses: true });
    article = withStandardCreateElement(document, () => reader.parse());
    if (article?.content) reader.restoreNames(article.content as Element);
  } catch {
    // Readability throws on some malformed trees (a null node in _grabArticle); our own root then stands alone.
    return null;
  }
  const content = article?.content as Element | null | undefined;
  if (!article || !content || !hasContent(content)) return null;
  return {
    content,
    textLength: collapsedTextLength(article.textContent ?? '', true),
    title: article.title ?? null,
    byline: article.byline ?? null,
  };
}

/**
 * linkedom's Element querySelectorAll/querySelector compile the selector with css-select on every call and
 * run the compiled test on every element below. Readability asks for plain tag lists ("div,section,header,
 * h1,…", "p", "img") hundreds of times a page, and the outputs ask for "tr", "code", "table": on WCXB dev
 * those calls were ~6% of the pipeline, most of it compiling. For a comma-separated list of plain tag names
 * on an element of an HTML document, this walks the same elements in the same order (document order,
 * <template> contents skipped as linkedom skips them) and compares names as css-select does there (the
 * element's name lower-cased against the selector's), without compiling. Every other selector, and
 * elements of XML documents, go to linkedom as before.
 */
import { NodeList } from 'linkedom';

const PLAIN_TAG_LIST = /^\s*[a-zA-Z][a-zA-Z0-9]*(?:\s*,\s*[a-zA-Z][a-zA-Z0-9]*)*\s*$/;

/** Selector text → the lower-case names it lists (null: not a plain tag list). Few distinct strings are asked. */
const parsed = new Map<string, ReadonlySet<string> | null>();

function tagList(selectors: unknown): ReadonlySet<string> | null {
  if (typeof selectors !== 'string') return null;
  let names = parsed.get(selectors);
  if (names === undefined) {
    names = PLAIN_TAG_LIST.test(selectors) ? new Set(selectors.split(',').map((name) => name.trim().toLowerCase())) : null;
    if (parsed.size < 256) parsed.set(selectors, names);
  }
  return names;
}

/** css-select's name in an HTML document: the local name lower-cased (only mixed-case or non-ASCII names need it). */
function lowerName(name: string): string {
  for (let k = 0; k < name.length; k++) {
    const code = name.charCodeAt(k);
    if ((code >= 65 && code <= 90) || code >= 128) return name.toLowerCase();
  }
  return name;
}

/** The element after `node` below `root` in document order, not entering <template> contents (as linkedom). */
function following(node: Element, root: Element): Element | null {
  if (node.localName !== 'template') {
    const child = node.firstElementChild;
    if (child) return child;
  }
  for (let at: Element | null = node; at && at !== root; at = at.parentElement) {
    const sibling = at.nextElementSibling;
    if (sibling) return sibling;
  }
  return null;
}

/** Whether the element's document compares names without case (HTML): its tagName is then its upper-cased name. */
const inHtmlDocument = (element: Element): boolean => element.tagName !== element.localName;

type Query = (this: Element, selectors: string) => unknown;

const installed = Symbol('tag queries installed');

/** Installs the fast path on linkedom's Element prototype, once per thread. */
export function installTagQueries(elementPrototype: Element): void {
  const prototype = elementPrototype as unknown as Record<string, Query> & { [installed]?: true };
  if (prototype[installed]) return;
  const all = prototype.querySelectorAll as Query;
  const one = prototype.querySelector as Query;
  prototype.querySelectorAll = function (this: Element, selectors: string) {
    const names = tagList(selectors);
    if (!names || !inHtmlDocument(this)) return all.call(this, selectors);
    const out = new NodeList();
    for (let node = this.firstElementChild; node; node = following(node, this)) if (names.has(lowerName(node.localName))) out.push(node);
    return out;
  };
  prototype.querySelector = function (this: Element, selectors: string) {
    const names = tagList(selectors);
    if (!names || !inHtmlDocument(this)) return one.call(this, selectors);
    for (let node = this.firstElementChild; node; node = following(node, this)) if (names.has(lowerName(node.localName))) return node;
    return null;
  };
  prototype[installed] = true;
}

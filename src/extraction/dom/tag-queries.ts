/**
 * Tag-name lookups on linkedom elements without its per-call costs, same answers:
 *
 * - querySelectorAll/querySelector compile the selector with css-select on every call and run the compiled
 *   test on every element below. Readability asks for plain tag lists ("div,section,header,h1,…", "p",
 *   "img") hundreds of times a page, and the outputs ask for "tr", "code", "table": on WCXB dev those calls
 *   were ~6% of the pipeline, most of it compiling. For a comma-separated list of plain tag names on an
 *   element of an HTML document, this walks the same elements in the same order (document order, <template>
 *   contents skipped as linkedom skips them) and compares names as css-select does there (the element's
 *   name lower-cased against the selector's), without compiling. Every other selector, and elements of XML
 *   documents, go to linkedom as before.
 * - tagName and nodeName upper-case the local name on every read in an HTML document (a new string per
 *   element and read, ~3% of the pipeline with the garbage); getElementsByTagName does so for every element
 *   it passes. The upper-cased names are kept per name instead.
 */
import { ownCopy } from '../own-copy.js';
import { NodeList } from 'linkedom';
import { firstElementBelow, nextElementAfter, nextElementBelow } from './linked-order.js';

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

/**
 * The element after `node` below `root` in document order. Selector queries do not enter <template>
 * contents (as linkedom); getElementsByTagName does (`intoTemplates`).
 */
function following(node: Element, root: Element, intoTemplates = false): Element | null {
  return intoTemplates || node.localName !== 'template' ? nextElementBelow(node, root) : nextElementAfter(node, root);
}

/** Whether the element's document compares names without case (HTML): its tagName is then its upper-cased name. */
const inHtmlDocument = (element: Element): boolean => element.tagName !== element.localName;

/** Local name → upper case, as linkedom's tagName reads it in an HTML document. Pages use few distinct names. */
const upperNames = new Map<string, string>();

/**
 * The last name seen in each of 256 slots (by length and end characters) and its upper case, in front of
 * the map: tagName is read ~50k times a page (Readability, the outputs), each element's name is its own
 * string, and a map lookup hashes and compares it (~1.3 ms a page on WCXB dev); a slot compares it with a
 * short string, usually the same few names.
 */
const RECENT_SLOTS = 256;
const recentNames: string[] = new Array<string>(RECENT_SLOTS).fill('');
const recentUppers: string[] = new Array<string>(RECENT_SLOTS).fill('');

function upperCased(name: string): string {
  const length = name.length;
  const slot = length === 0 ? 0 : (length * 31 + name.charCodeAt(0) * 7 + name.charCodeAt(length - 1)) & (RECENT_SLOTS - 1);
  if (recentNames[slot] === name) return recentUppers[slot] as string;
  let upper = upperNames.get(name);
  if (upper === undefined) {
    upper = name.toUpperCase();
    if (upperNames.size < 4096) upperNames.set(ownCopy(name), upper);
  }
  recentNames[slot] = ownCopy(name);
  recentUppers[slot] = upper;
  return upper;
}

/** Whether upper-casing `name` can give `tag`: same length, or a non-ASCII name ('ß' upper-cases to 'SS'). */
function mayUpperCaseTo(name: string, tag: string): boolean {
  if (name.length === tag.length) return true;
  for (let k = 0; k < name.length; k++) if (name.charCodeAt(k) >= 128) return true;
  return false;
}


type Query = (this: Element, selectors: string) => unknown;

const installed = Symbol('tag queries installed');
/** On a linkedom document: whether it compares names without case (HTML), read once from linkedom's own tagName. */
const ignoresCase = Symbol('names compare without case');

function nameGetter(prototype: object, name: 'tagName' | 'nodeName'): (this: Element) => string {
  const getter = Object.getOwnPropertyDescriptor(prototype, name)?.get;
  if (!getter) throw new Error(`linkedom's Element has no ${name} getter`);
  return getter as (this: Element) => string;
}

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
    for (let node = firstElementBelow(this); node; node = following(node, this)) if (names.has(lowerName(node.localName))) out.push(node);
    return out;
  };
  prototype.querySelector = function (this: Element, selectors: string) {
    const names = tagList(selectors);
    if (!names || !inHtmlDocument(this)) return one.call(this, selectors);
    for (let node = firstElementBelow(this); node; node = following(node, this)) if (names.has(lowerName(node.localName))) return node;
    return null;
  };
  const linkedomTagName = nameGetter(elementPrototype, 'tagName');
  const html = (element: Element): boolean | undefined => {
    const document = element.ownerDocument as (Document & { [ignoresCase]?: boolean }) | null;
    if (!document) return undefined;
    return (document[ignoresCase] ??= linkedomTagName.call(document.createElement('a')) === 'A');
  };
  const names = {
    get(this: Element): string {
      const caseless = html(this);
      if (caseless === undefined) return linkedomTagName.call(this);
      return caseless ? upperCased(this.localName) : this.localName;
    },
    configurable: true,
  };
  Object.defineProperty(elementPrototype, 'tagName', names);
  Object.defineProperty(elementPrototype, 'nodeName', names);
  const byTag = prototype.getElementsByTagName as Query;
  prototype.getElementsByTagName = function (this: Element, tag: string) {
    const caseless = html(this);
    if (caseless === undefined || typeof tag !== 'string') return byTag.call(this, tag);
    const out = new NodeList();
    for (let node = firstElementBelow(this); node; node = following(node, this, true)) {
      const name = node.localName;
      if (name === tag || (caseless && mayUpperCaseTo(name, tag) && upperCased(name) === tag)) out.push(node);
    }
    return out;
  };
  prototype[installed] = true;
}

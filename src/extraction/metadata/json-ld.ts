import type { DomDocument } from '../dom/dom.js';
import { elementsByTag } from '../dom/dom-walk.js';

/**
 * The page's JSON-LD as a list of typed nodes, ranked so that the node describing the page itself comes
 * first: the article, posting or question before the WebPage that wraps it, both before what they only
 * mention (the items of a list, related articles, the publisher).
 */

export type JsonLdNode = Record<string, unknown>;

export interface LdNode {
  node: JsonLdNode;
  types: string[];
  /** Lower ranks describe the page more directly (see rankOf). */
  rank: number;
}

/** Types whose node is the page's own content: its headline, author and date are the page's. */
const CONTENT_TYPE = /(Article|Posting|Report|BlogPosting|Question|Recipe|HowTo|Review|Product|Course|Event|JobPosting|VideoObject|Book|Guide|CreativeWork)$/;
/** Types that wrap the content: their name is the page's, their dates often the template's. */
const PAGE_TYPE = /(Page|WebSite)$/;
/**
 * Keys through which a node is the page's own (a WebPage's mainEntity is its article). A node reached
 * through any other key is only mentioned: a list item, a related article, an author, a publisher.
 */
const OWN_KEYS = new Set(['@graph', 'mainEntity', 'mainEntityOfPage']);

function rankOf(types: readonly string[], own: boolean): number {
  const content = types.some((t) => CONTENT_TYPE.test(t));
  const page = types.some((t) => PAGE_TYPE.test(t));
  const base = content ? 0 : page ? 1 : 2;
  return own ? base : base + 3;
}

const isJsonLd = (script: Element) => script.getAttribute('type')?.toLowerCase() === 'application/ld+json';

/**
 * `<script type="application/ld+json">` blocks (the attribute value is case-insensitive, as in CSS), among
 * `scripts` when the caller has the page's scripts already, else the document's.
 */
export function jsonLdScripts(document: DomDocument, scripts?: readonly Element[]): Element[] {
  return (scripts ?? elementsByTag(document.documentElement as unknown as Element, 'SCRIPT')).filter(isJsonLd);
}

/** JSON.parse, retried once without what breaks many hand-written blocks: raw control characters, HTML comments, CDATA. */
function parseLenient(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const cleaned = text
      .replace(/^\s*(?:<!--|\/\/\s*<!\[CDATA\[)/, '')
      .replace(/(?:-->|\/\/\s*\]\]>)\s*$/, '')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f]+/g, ' ')
      .replace(/,\s*([}\]])/g, '$1');
    try {
      return JSON.parse(cleaned);
    } catch {
      return undefined; // invalid JSON-LD is common; that block is ignored
    }
  }
}

/** Every typed node of the page's JSON-LD blocks, ranked (stable: equal ranks keep document order). */
export function readJsonLd(scripts: readonly Element[]): LdNode[] {
  const nodes: LdNode[] = [];
  const visit = (value: unknown, own: boolean, depth: number): void => {
    if (depth > 12 || !value || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, own, depth + 1);
      return;
    }
    const node = value as JsonLdNode;
    const types = [node['@type']].flat().filter((t): t is string => typeof t === 'string');
    if (types.length) nodes.push({ node, types, rank: rankOf(types, own) });
    for (const [key, child] of Object.entries(node)) {
      if (child && typeof child === 'object') visit(child, own && (OWN_KEYS.has(key) || !types.length), depth + 1);
    }
  };
  for (const script of scripts) if (isJsonLd(script)) visit(parseLenient(script.textContent ?? ''), true, 0);
  return nodes.sort((a, b) => a.rank - b.rank);
}

/** The value of `key` on the best-ranked node that has it. */
export function ldValue(nodes: readonly LdNode[], key: string, accept: (node: LdNode) => boolean = () => true): { value: unknown; node: LdNode } | null {
  for (const node of nodes) {
    const value = node.node[key];
    if (value !== undefined && value !== null && value !== '' && accept(node)) return { value, node };
  }
  return null;
}

/** A name from a JSON-LD value: a string, `{name}`, or a list of those joined with ", ". */
export function ldName(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (Array.isArray(value)) {
    const names = [...new Set(value.map(ldName).filter((n): n is string => Boolean(n)))];
    return names.length ? names.join(', ') : null;
  }
  if (value && typeof value === 'object') {
    const node = value as JsonLdNode;
    const name = node.name ?? (node.givenName || node.familyName ? [node.givenName, node.familyName].filter(Boolean).join(' ') : undefined);
    return ldName(name);
  }
  return null;
}

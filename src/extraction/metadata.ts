import type { DomDocument } from './dom/dom.js';
import type { Metadata } from './types.js';
import { elementsByTag, indexPage, type PageIndex } from './dom/dom-walk.js';

/** Page metadata from JSON-LD, Open Graph and classic meta tags (decisions: missing fields are null). */

type JsonLdNode = Record<string, unknown>;

const ARTICLE_TYPES = /^(Article|NewsArticle|BlogPosting|Report|ScholarlyArticle|TechArticle|WebPage|Product|Recipe|DiscussionForumPosting|QAPage|HowTo)$/;

function jsonLdNodes(scripts: readonly Element[]): JsonLdNode[] {
  const nodes: JsonLdNode[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    const node = value as JsonLdNode;
    nodes.push(node);
    if (node['@graph']) visit(node['@graph']);
  };
  for (const script of scripts.filter(isJsonLd)) {
    try {
      visit(JSON.parse(script.textContent ?? ''));
    } catch {
      /* invalid JSON-LD is common; ignore that block */
    }
  }
  const typed = (node: JsonLdNode) => [node['@type']].flat().some((t) => typeof t === 'string' && ARTICLE_TYPES.test(t));
  return nodes.filter(typed);
}

function nameOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (Array.isArray(value)) {
    const names = value.map(nameOf).filter((n): n is string => Boolean(n));
    return names.length ? names.join(', ') : null;
  }
  if (value && typeof value === 'object') return nameOf((value as JsonLdNode).name);
  return null;
}

/** `<script type="application/ld+json">` blocks (the attribute value is case-insensitive, as in CSS). */
export function jsonLdScripts(document: DomDocument): Element[] {
  return elementsByTag(document.documentElement as unknown as Element, 'SCRIPT').filter(isJsonLd);
}

const isJsonLd = (script: Element) => script.getAttribute('type')?.toLowerCase() === 'application/ld+json';

/**
 * `content` of the first <meta> per `name=…`, `property=…` and `itemprop=…` value, from one walk (a
 * querySelector per field walked the whole page for every absent tag).
 */
type MetaIndex = Map<string, string>;
function indexMeta(metas: readonly Element[]): MetaIndex {
  const index: MetaIndex = new Map();
  for (const element of metas) {
    for (const attribute of ['name', 'property', 'itemprop']) {
      const value = element.getAttribute(attribute);
      const key = `${attribute}=${value}`;
      if (value !== null && !index.has(key)) index.set(key, element.getAttribute('content')?.trim() ?? '');
    }
  }
  return index;
}

function canonicalHref(links: readonly Element[]): string | null {
  for (const link of links) {
    if (link.getAttribute('rel')?.toLowerCase() === 'canonical') return link.getAttribute('href');
  }
  return null;
}

/** The first non-empty of the given `attribute=value` keys, like a chain of `meta[attribute="value"]` queries. */
function meta(index: MetaIndex, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = index.get(key);
    if (value) return value;
  }
  return null;
}

/** ISO 8601 when the page's date parses; null otherwise. */
export function isoDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value.trim());
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function absolute(href: string | null | undefined, base: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(href, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** `page`: the page's elements if the caller has indexed them already (extract.ts shares one walk). */
export function readMetadata(document: DomDocument, pageUrl: string, retrievedAt: Date, page?: PageIndex): Metadata {
  const elements = page ?? indexPage(document.documentElement as unknown as Element);
  const ld = jsonLdNodes(elements.scripts);
  const metas = indexMeta(elements.metas);
  const fromLd = (key: string) => ld.map((node) => node[key]).find((v) => v !== undefined && v !== null);
  const title =
    meta(metas, 'property=og:title', 'name=twitter:title') ??
    nameOf(fromLd('headline')) ??
    (document.querySelector('title')?.textContent?.replace(/\s+/g, ' ').trim() || null);
  const author =
    nameOf(fromLd('author')) ??
    meta(metas, 'name=author', 'property=article:author', 'name=parsely-author', 'name=byl') ??
    (document.querySelector('[rel="author"], [itemprop="author"]')?.textContent?.replace(/\s+/g, ' ').trim() || null);
  const date =
    isoDate(typeof fromLd('datePublished') === 'string' ? (fromLd('datePublished') as string) : null) ??
    isoDate(meta(metas, 'property=article:published_time', 'name=date', 'itemprop=datePublished', 'name=pubdate', 'name=DC.date.issued')) ??
    isoDate(document.querySelector('time[datetime]')?.getAttribute('datetime'));
  const url =
    absolute(canonicalHref(elements.links), pageUrl) ??
    absolute(meta(metas, 'property=og:url'), pageUrl) ??
    pageUrl;
  return { title, author, date, url, retrieved_at: retrievedAt.toISOString(), robots_allowed: null };
}

import type { DomDocument } from './dom.js';
import type { Metadata } from './types.js';

/** Page metadata from JSON-LD, Open Graph and classic meta tags (decisions: missing fields are null). */

type JsonLdNode = Record<string, unknown>;

const ARTICLE_TYPES = /^(Article|NewsArticle|BlogPosting|Report|ScholarlyArticle|TechArticle|WebPage|Product|Recipe|DiscussionForumPosting|QAPage|HowTo)$/;

function jsonLdNodes(document: DomDocument): JsonLdNode[] {
  const nodes: JsonLdNode[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    const node = value as JsonLdNode;
    nodes.push(node);
    if (node['@graph']) visit(node['@graph']);
  };
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
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

function meta(document: DomDocument, ...selectors: string[]): string | null {
  for (const selector of selectors) {
    const value = document.querySelector(selector)?.getAttribute('content')?.trim();
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

export function readMetadata(document: DomDocument, pageUrl: string, retrievedAt: Date): Metadata {
  const ld = jsonLdNodes(document);
  const fromLd = (key: string) => ld.map((node) => node[key]).find((v) => v !== undefined && v !== null);
  const title =
    meta(document, 'meta[property="og:title"]', 'meta[name="twitter:title"]') ??
    nameOf(fromLd('headline')) ??
    (document.querySelector('title')?.textContent?.replace(/\s+/g, ' ').trim() || null);
  const author =
    nameOf(fromLd('author')) ??
    meta(document, 'meta[name="author"]', 'meta[property="article:author"]', 'meta[name="parsely-author"]', 'meta[name="byl"]') ??
    (document.querySelector('[rel="author"], [itemprop="author"]')?.textContent?.replace(/\s+/g, ' ').trim() || null);
  const date =
    isoDate(typeof fromLd('datePublished') === 'string' ? (fromLd('datePublished') as string) : null) ??
    isoDate(meta(document, 'meta[property="article:published_time"]', 'meta[name="date"]', 'meta[itemprop="datePublished"]', 'meta[name="pubdate"]', 'meta[name="DC.date.issued"]')) ??
    isoDate(document.querySelector('time[datetime]')?.getAttribute('datetime'));
  const url =
    absolute(document.querySelector('link[rel="canonical"]')?.getAttribute('href'), pageUrl) ??
    absolute(meta(document, 'meta[property="og:url"]'), pageUrl) ??
    pageUrl;
  return { title, author, date, url, retrieved_at: retrievedAt.toISOString(), robots_allowed: null };
}

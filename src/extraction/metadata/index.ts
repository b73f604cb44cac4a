import type { DomDocument } from '../dom/dom.js';
import type { Metadata } from '../types.js';
import { indexPage, type PageIndex } from '../dom/dom-walk.js';
import { collapseWhitespace } from '../dom/text.js';
import { chooseAuthor, type AuthorSources } from './author.js';
import { chooseDate, type DateSources } from './date.js';
import { headlineArea, inChrome } from './headline-area.js';
import { ContentNodes } from './page-dates.js';
import { ldName, ldValue, readJsonLd } from './json-ld.js';
import { indexMeta, metaValue, type MetaIndex } from './meta-tags.js';
import { agrees, chooseTitle } from './title.js';

export { jsonLdScripts } from './json-ld.js';
export { parseDate } from './date-parse.js';

/**
 * Page metadata: title, author and date, each chosen by the precedence written in title.ts, author.ts
 * and date.ts from one index of the page (JSON-LD nodes, meta tags, the H1s, the elements around the
 * headline). Missing fields are null (decisions).
 */

function canonicalHref(links: readonly Element[]): string | null {
  for (const link of links) {
    if (link.getAttribute('rel')?.toLowerCase() === 'canonical') return link.getAttribute('href');
  }
  return null;
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

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
};

const isHome = (url: string) => {
  try {
    return new URL(url).pathname.replace(/\/(index\.\w+)?$/, '') === '';
  } catch {
    return false;
  }
};

/** JSON-LD types of a page that sells or lists items (its own node, not one it mentions): its dates are the items'. */
const ITEMS_TYPE = /(Product|ProductGroup|Offer|OfferCatalog|CollectionPage|ItemList|SearchResultsPage)$/;

export interface MetadataSources {
  url: string;
  title: string | null;
  author: AuthorSources;
  date: DateSources;
}

/** What the three choices read, from one index of the page (exported for tests and for tracing a page's choice). */
export function metadataSources(document: DomDocument, pageUrl: string, retrievedAt: Date, page?: PageIndex): MetadataSources {
  const elements = page ?? indexPage(document as unknown as Element);
  const ld = readJsonLd(elements.scripts);
  const metas = indexMeta(elements.metas);
  const url = absolute(canonicalHref(elements.links), pageUrl) ?? absolute(metaValue(metas, ['og:url']), pageUrl) ?? pageUrl;
  const ownTitle = (elements.titles[0] && collapseWhitespace(elements.titles[0].textContent ?? '')) || null;
  const siteNames = [
    metaValue(metas, ['og:site_name']),
    metaValue(metas, ['application-name']),
    metaValue(metas, ['apple-mobile-web-app-title']),
    ldName(ldValue(ld, 'name', (node) => node.types.some((t) => /(WebSite|Organization)$/.test(t)))?.value),
    ldName(ldValue(ld, 'publisher')?.value),
  ].filter((name): name is string => Boolean(name));
  const ogType = metaValue(metas, ['og:type']) ?? '';
  const article = /article/i.test(ogType) || ld.some((node) => node.rank === 0 && node.types.some((t) => /(Article|BlogPosting)$/.test(t)));
  const home = isHome(url) || isHome(pageUrl);
  const items = home || /product/i.test(ogType) || ld.some((node) => node.rank < 3 && node.types.some((t) => ITEMS_TYPE.test(t)));
  const { title, heading } = chooseTitle({
    declared: [
      metaValue(metas, ['og:title']),
      ldName(ldValue(ld, 'headline')?.value),
      metaValue(metas, ['twitter:title']),
      ownTitle,
      ldName(ldValue(ld, 'name', (node) => node.rank < 3)?.value),
    ],
    siteNames,
    host: hostOf(url) ?? hostOf(pageUrl),
    h1s: elements.h1s,
    home,
    article,
  });
  const headline = heading ?? headlineOf(elements, title);
  const body = (document as unknown as Document).body as Element | null;
  // One walk of the content, read as far as the date's and the author's fallbacks need (often not at all).
  const content = body ? new ContentNodes(body) : null;
  const area = headline ? headlineArea(headline, { dayFirst: writesDayFirst(document, metas) }) : null;
  return {
    url,
    title,
    author: { ld, metas, area, siteNames, content },
    date: { ld, metas, area, urls: [pageUrl, url], times: elements.times, content, article, items, retrievedAt },
  };
}

/**
 * The heading the byline and date sit near when the title is no H1's: an H1 or H2 that says the title
 * (pages that set their headline in H2), else the first H1 outside navigation and footers.
 */
function headlineOf(elements: PageIndex, title: string | null): Element | null {
  const says = (heading: Element) => title !== null && agrees(collapseWhitespace(heading.textContent ?? ''), title);
  return elements.h1s.find(says) ?? elements.h2s.find(says) ?? elements.h1s.find((h1) => !inChrome(h1)) ?? elements.h1s[0] ?? null;
}

/**
 * Whether the page writes numeric dates day first (03/10/2023 = 3 October): its language is given and is
 * not US English. An unmarked or plain "en" page is read month first, as most such pages are American.
 */
function writesDayFirst(document: DomDocument, metas: MetaIndex): boolean {
  const root = [...(document as unknown as Document).children].find((child) => child.localName === 'html') ?? document.documentElement;
  const language = (root?.getAttribute('lang') || metaValue(metas, ['og:locale', 'content-language']) || '').toLowerCase().replace('_', '-');
  return Boolean(language) && language !== 'en' && !language.startsWith('en-us');
}

/** `page`: the page's elements if the caller has indexed them already (extract.ts shares one walk). */
export function readMetadata(document: DomDocument, pageUrl: string, retrievedAt: Date, page?: PageIndex): Metadata {
  const sources = metadataSources(document, pageUrl, retrievedAt, page);
  return {
    title: sources.title,
    author: chooseAuthor(sources.author),
    date: chooseDate(sources.date),
    url: sources.url,
    retrieved_at: retrievedAt.toISOString(),
    robots_allowed: null,
  };
}

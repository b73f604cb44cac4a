/**
 * A cheap guess of what kind of page this is, from the signals sites publish for search engines
 * (schema.org JSON-LD types, og:type) and common URL shapes. It only decides how much to trust
 * Readability, whose single-node model suits articles and fails on forums, shops and listings.
 */
export type PageKind = 'article' | 'forum' | 'product' | 'listing' | 'unknown';

const SCHEMA_KINDS: [RegExp, PageKind][] = [
  [/"@type"\s*:\s*\[?\s*"(?:DiscussionForumPosting|QAPage|Question)"/, 'forum'],
  [/"@type"\s*:\s*\[?\s*"(?:Product|ProductGroup|Offer)"/, 'product'],
  [/"@type"\s*:\s*\[?\s*"(?:CollectionPage|ItemList|SearchResultsPage|OfferCatalog)"/, 'listing'],
  [/"@type"\s*:\s*\[?\s*"(?:Article|NewsArticle|BlogPosting|ReportageNewsArticle|TechArticle|OpinionNewsArticle|AnalysisNewsArticle)"/, 'article'],
];

const URL_KINDS: [RegExp, PageKind][] = [
  [/\/(?:forums?|threads?|topics?|t|questions|discussions?|community|viewtopic)(?:[/.?]|$)/i, 'forum'],
  [/\/(?:products?|item|dp|p)\/[^/]/i, 'product'],
  [/\/(?:collections?|categor(?:y|ies)|c|cat|shop|tags?|topics?|browse|search)(?:[/?]|$)/i, 'listing'],
];

export function guessPageKind(document: Document, pageUrl: string): PageKind {
  let jsonLd = '';
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) jsonLd += script.textContent ?? '';
  for (const [pattern, kind] of SCHEMA_KINDS) if (pattern.test(jsonLd)) return kind;

  const ogType = document.querySelector('meta[property="og:type"]')?.getAttribute('content')?.toLowerCase() ?? '';
  if (ogType.includes('product')) return 'product';

  let path = '';
  try {
    path = new URL(pageUrl).pathname;
  } catch {
    /* an unusable URL says nothing */
  }
  for (const [pattern, kind] of URL_KINDS) if (pattern.test(path)) return kind;
  return ogType === 'article' ? 'article' : 'unknown';
}

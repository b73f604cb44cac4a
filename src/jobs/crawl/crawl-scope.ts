import { globMatches, policyViolation, type Policy } from '../../accounts/key-policy.js';
import { looksLikePage } from './crawl-links.js';
import { sameSite } from '../../net/same-site.js';
import { normalizeUrl } from '../../net/normalize-url.js';

/** Which discovered links a crawl may follow; stored with the job so every activity applies the same rules. */
export interface CrawlScope {
  startUrl: string;
  allowSubdomains: boolean;
  /** Follow links to documents (PDF, DOCX, text) too; absent in jobs stored before documents were read. */
  includeDocuments?: boolean;
  /** Globs (`*` wildcard); a pattern starting with `/` matches the path and query, any other the full URL. */
  includePatterns: string[];
  excludePatterns: string[];
  /** The key's policy, tightened by the request: discovered URLs obey it like submitted ones. */
  allowDomains: string[] | null;
  denyPatterns: string[];
}

function matchesAny(patterns: readonly string[], url: URL): boolean {
  const pathAndQuery = url.pathname + url.search;
  return patterns.some((pattern) => globMatches(pattern, pattern.startsWith('/') ? pathAndQuery : url.href));
}

/** The normalised URL when the crawl may follow `href` found on `pageUrl`, else null. */
export function admitLink(scope: CrawlScope, href: string, pageUrl: string): string | null {
  const normalised = normalizeUrl(href, pageUrl);
  if (!normalised || !looksLikePage(normalised, scope.includeDocuments ?? false)) return null;
  if (!sameSite(normalised, scope.startUrl, scope.allowSubdomains)) return null;
  const url = new URL(normalised);
  if (scope.includePatterns.length > 0 && !matchesAny(scope.includePatterns, url)) return null;
  if (matchesAny(scope.excludePatterns, url)) return null;
  const policy: Policy = { allowDomains: scope.allowDomains, denyPatterns: scope.denyPatterns, respectRobots: 'off' };
  if (policyViolation(policy, normalised)) return null;
  return normalised;
}

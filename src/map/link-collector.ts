import { admitLink, type CrawlScope } from '../jobs/crawl/crawl-scope.js';
import { robotsChecker } from '../net/robots.js';
import type { RobotsMode } from '../contract/vocabulary.js';
import { fetchWithinBudget, type MapContext } from './map-context.js';
import { matchScore } from './rank-links.js';

export interface MapLink {
  url: string;
  title?: string;
  lastmod?: string;
}

export type LinkSource = 'sitemap' | 'page';

export interface Candidate {
  href: string;
  /** What relative hrefs resolve against. */
  base: string;
  title?: string | undefined;
  lastmod?: string | undefined;
}

/** Origins whose robots.txt one map reads at most (subdomains): links of further origins are left out. */
const MAX_ROBOTS_ORIGINS = 20;

/** With search words, matches kept before the weakest are dropped, as a multiple of `limit` (bounds memory, sorts rarely). */
const SEARCH_KEEP_FACTOR = 2;

type Kept = MapLink & { source: LinkSource; order: number; score: number };

/**
 * The map's links: admitted by the crawl's own rules (normalised, same site, pages only, the key's
 * allow/deny policy), by robots.txt unless `off`, by the search words when there are some; de-duplicated
 * by normalised URL, at most `limit`. Without search words they are the first `limit` found, in the order
 * found; with them, the best `limit` matches of everything read (more words matched first, then the order
 * found). `overflow` records that an admissible link was turned away for want of room, which is what makes
 * the answer `truncated`.
 */
export class LinkCollector {
  private readonly links = new Map<string, Kept>();
  private found = 0;
  private readonly robots = new Map<string, (url: string) => boolean>();
  overflow = false;
  robotsOriginsCapped = false;

  constructor(
    private readonly scope: CrawlScope,
    private readonly limit: number,
    private readonly robotsMode: RobotsMode,
    private readonly words: readonly string[],
    private readonly ctx: MapContext,
  ) {}

  get full(): boolean {
    return this.links.size >= this.limit;
  }

  /** Adds what is admissible; true once an admissible link found no room (the caller can stop reading). */
  async add(candidates: readonly Candidate[], source: LinkSource): Promise<boolean> {
    for (const candidate of candidates) {
      const url = admitLink(this.scope, candidate.href, candidate.base);
      if (!url) continue;
      const known = this.links.get(url);
      if (known) {
        // Found twice (a page link that is also in a sitemap): keep the first place, fill what it lacked.
        if (!known.title && candidate.title) {
          known.title = candidate.title;
          if (this.words.length > 0) known.score = matchScore(this.words, known);
        }
        if (!known.lastmod && candidate.lastmod) known.lastmod = candidate.lastmod;
        continue;
      }
      const link: MapLink = { url, ...(candidate.title ? { title: candidate.title } : {}), ...(candidate.lastmod ? { lastmod: candidate.lastmod } : {}) };
      const score = this.words.length > 0 ? matchScore(this.words, link) : 0;
      if (this.words.length > 0 && score === 0) continue;
      if (!(await this.robotsAllow(url))) continue;
      if (this.full) {
        this.overflow = true;
        // Without search words the first `limit` are the answer: reading on is wasted.
        if (this.words.length === 0) return true;
      }
      this.links.set(url, { ...link, source, order: this.found++, score });
      if (this.links.size >= SEARCH_KEEP_FACTOR * this.limit) this.keepBest();
    }
    return false;
  }

  /** The best `limit` links, best first (more words matched, then the order found). */
  private best(): Kept[] {
    return [...this.links.values()].sort((a, b) => b.score - a.score || a.order - b.order).slice(0, this.limit);
  }

  private keepBest(): void {
    const kept = this.best();
    this.links.clear();
    for (const link of kept) this.links.set(link.url, link);
  }

  has(href: string, base: string): boolean {
    const url = admitLink(this.scope, href, base);
    return url !== null && this.links.has(url);
  }

  private async robotsAllow(url: string): Promise<boolean> {
    if (this.robotsMode === 'off') return true;
    const origin = new URL(url).origin;
    let check = this.robots.get(origin);
    if (!check) {
      if (this.robots.size >= MAX_ROBOTS_ORIGINS) {
        this.robotsOriginsCapped = true;
        return false;
      }
      // Same SSRF guard and cache as every robots.txt read; bounded by the map's deadline.
      check = await robotsChecker(url, fetchWithinBudget(this.ctx, this.ctx.fetch.maxBytes));
      this.robots.set(origin, check);
    }
    return check(url);
  }

  /** The links, best match first when there are search words (ties keep the order found). */
  result(): { links: MapLink[]; sources: Record<LinkSource, number> } {
    const kept = this.best();
    const sources = { sitemap: kept.filter((l) => l.source === 'sitemap').length, page: kept.filter((l) => l.source === 'page').length };
    return { links: kept.map(({ source: _source, order: _order, score: _score, ...link }) => link), sources };
  }
}

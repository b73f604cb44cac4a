import type { PageOptions } from '../../pages/page-options.js';
import type { CrawlScope } from './crawl-scope.js';
import type { RobotsMode, SitemapMode } from '../../contract/vocabulary.js';

/** What a crawl job stores in `jobs.input`: every activity of the crawl reads its rules from here. */
export interface StoredCrawlInput {
  startUrl: string;
  /** Links are followed from pages up to this depth (the start page is depth 0). */
  depth: number;
  /** Most pages the crawl fetches (the request's `limit`, capped by plan). */
  limit: number;
  robots: RobotsMode;
  scope: CrawlScope;
  /**
   * The request's `sitemap` mode; absent (jobs stored before it, and every `skip` crawl) is `skip`. With
   * `include` the start page admits the site's sitemap URLs after its own links; with `only` it admits the
   * sitemap URLs and no page's links are followed.
   */
  sitemap?: Exclude<SitemapMode, 'skip'>;
  /** How each page is loaded and what is kept; absent in crawls stored before page options (a plain fetch, everything kept). */
  page?: PageOptions;
}

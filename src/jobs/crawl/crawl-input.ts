import type { CrawlScope } from './crawl-scope.js';
import type { RobotsMode } from '../../contract/vocabulary.js';

/** What a crawl job stores in `jobs.input`: every activity of the crawl reads its rules from here. */
export interface StoredCrawlInput {
  startUrl: string;
  /** Links are followed from pages up to this depth (the start page is depth 0). */
  depth: number;
  /** Most pages the crawl fetches (the request's `limit`, capped by plan). */
  limit: number;
  robots: RobotsMode;
  scope: CrawlScope;
}

import type { PlanLimits } from '../contract/plans.js';

/** A plan's limits as the API shows them (GET /usage `plan_limits`): snake_case, `null` for unlimited or not offered. */
export interface PlanLimitsView {
  bulk_urls_per_request: number;
  crawl_depth: number | null;
  crawl_pages_per_job: number | null;
  search_results: number;
  map_links: number;
  requests_per_second: number | null;
  render_js: boolean;
  included_requests_per_month: number;
  watches: number | null;
  watch_min_interval_seconds: number;
}

export function planLimitsView(limits: PlanLimits): PlanLimitsView {
  return {
    bulk_urls_per_request: limits.bulkUrlsPerRequest,
    crawl_depth: limits.crawlDepth,
    crawl_pages_per_job: limits.crawlPagesPerJob,
    search_results: limits.searchResults,
    map_links: limits.mapLinks,
    requests_per_second: limits.requestsPerSecond,
    render_js: limits.renderJs,
    included_requests_per_month: limits.includedRequestsPerMonth,
    watches: limits.watches,
    watch_min_interval_seconds: limits.watchMinIntervalSeconds,
  };
}

import type { Usage } from '../../../../clients/typescript/src/client';
import { useSession } from '../session';
import { useApi } from '../use-api';
import { formatNumber, formatTime } from '../format';
import { ErrorNotice } from '../components/error-notice';
import { BarList, ColumnChart } from '../components/bar-chart';

const LIMIT_LABELS: Record<string, string> = {
  bulk_urls_per_request: 'URLs per bulk request',
  crawl_depth: 'Crawl depth',
  crawl_pages_per_job: 'Pages per crawl',
  search_results: 'Search results per query',
  map_links: 'Links per site map',
  requests_per_second: 'Requests per second',
  render_js: 'JavaScript rendering',
  included_requests_per_month: 'Requests included per month',
  watches: 'Watches',
  watch_min_interval_seconds: 'Shortest watch interval (seconds)',
};

const limitText = (value: unknown) => (value === null ? 'unlimited' : value === true ? 'yes' : value === false ? 'no' : typeof value === 'number' ? formatNumber(value) : String(value));

export function UsagePage() {
  const { client } = useSession();
  const usage = useApi(() => client.usage(), [client]);
  const data: Usage | undefined = usage.data;
  const usedShare = data ? Math.min(100, Math.round((100 * data.used_requests) / Math.max(1, data.included_requests))) : 0;
  return (
    <>
      <h1 tabIndex={-1}>Usage</h1>
      <ErrorNotice error={usage.error} />
      {data ? (
        <>
          <p class="lead">
            Plan <strong>{data.plan}</strong>, period {formatTime(data.period_start)} – {formatTime(data.period_end)} (UTC calendar month).
          </p>
          <div class="stats">
            <div class="stat">
              <span class="stat-value">{formatNumber(data.used_requests)}</span>
              <span class="stat-label">requests used</span>
            </div>
            <div class="stat">
              <span class="stat-value">{formatNumber(data.remaining_requests)}</span>
              <span class="stat-label">remaining of {formatNumber(data.included_requests)}</span>
            </div>
            <div class="stat">
              <span class="stat-value">{data.rate_limit_rps === null ? '∞' : formatNumber(data.rate_limit_rps)}</span>
              <span class="stat-label">requests per second</span>
            </div>
          </div>
          <label for="quota-meter">Monthly allowance used: {usedShare}%</label>
          <meter id="quota-meter" min={0} max={data.included_requests} value={data.used_requests} high={data.included_requests * 0.8} optimum={0} />
          {data.upgrade_url ? (
            <p>
              <a class="button-link" href={data.upgrade_url} target="_blank" rel="noopener noreferrer">
                Upgrade for more requests and higher limits
              </a>
            </p>
          ) : null}
          <div class="columns">
            <ColumnChart title="Requests by day (UTC)" bars={(data.by_day ?? []).map((day) => ({ label: day.date.slice(5), value: day.requests }))} />
            <BarList
              title="Requests by endpoint"
              bars={Object.entries(data.by_endpoint)
                .sort((a, b) => b[1] - a[1])
                .map(([label, value]) => ({ label, value }))}
            />
          </div>
          {data.plan_limits ? (
            <section aria-labelledby="limits-heading">
              <h2 id="limits-heading">Your plan's limits</h2>
              <dl class="facts">
                {Object.entries(data.plan_limits).map(([name, value]) => (
                  <div key={name}>
                    <dt>{LIMIT_LABELS[name] ?? name}</dt>
                    <dd>{limitText(value)}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
        </>
      ) : null}
    </>
  );
}

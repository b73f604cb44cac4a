import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { log } from './logger.js';
import { JOB_KINDS, JOB_STATUSES } from '../contract/vocabulary.js';

/**
 * The process's Prometheus metrics. One registry per process: the API serves it at GET /metrics, the
 * worker on WORKER_METRICS_PORT. Labels are bounded sets (route patterns, never raw paths or URLs).
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'pith_' });

export const httpRequests = new Counter({
  name: 'pith_http_requests_total',
  help: 'API requests answered, by route pattern, method and status.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'pith_http_request_duration_seconds',
  help: 'API request latency, by route pattern and method.',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

export const extractionDuration = new Histogram({
  name: 'pith_extraction_duration_seconds',
  help: 'Fetch + extraction of one page: `api` (POST /extract), `job` (a bulk URL) or `crawl` (a crawl page), by outcome.',
  labelNames: ['source', 'outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 60],
  registers: [registry],
});

export const webhookAttempts = new Counter({
  name: 'pith_webhook_delivery_attempts_total',
  help: 'Webhook delivery attempts by outcome: delivered (2xx), failed (non-2xx, timeout, refused), not_sent (no signing secret), gone (delivery deleted).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const webhookDeadLettered = new Counter({
  name: 'pith_webhook_deliveries_dead_lettered_total',
  help: 'Webhook deliveries given up after their last attempt.',
  registers: [registry],
});

export const jobEventStreams = new Gauge({
  name: 'pith_job_event_streams',
  help: 'Open GET /jobs/{job_id}/events streams (each holds a connection and polls its job).',
  registers: [registry],
});

let countJobs: (() => Promise<{ kind: string; status: string; count: number }[]>) | undefined;

/** Jobs by kind and status, counted at scrape time (jobs live 6 hours, so the table stays small). */
new Gauge({
  name: 'pith_jobs',
  help: 'Jobs currently stored, by kind and status (read from the database at scrape time).',
  labelNames: ['kind', 'status'] as const,
  registers: [registry],
  async collect() {
    if (!countJobs) return;
    this.reset();
    try {
      const rows = await countJobs();
      for (const kind of JOB_KINDS) for (const status of JOB_STATUSES) this.set({ kind, status }, 0);
      for (const row of rows) this.set({ kind: row.kind, status: row.status }, row.count);
    } catch (err) {
      // A scrape still answers with everything else; the gap in pith_jobs shows the database is down.
      log().warn({ err: String(err) }, 'metrics: could not count jobs');
    }
  },
});

/** The API process counts jobs with `count` at each scrape (the worker does not: one source per deployment). */
export function countJobsWith(count: () => Promise<{ kind: string; status: string; count: number }[]>): void {
  countJobs = count;
}

/** Times `work` into extractionDuration, labelled by how it ended. */
export async function timeExtraction<T>(source: 'api' | 'job' | 'crawl', work: () => Promise<T>, ok: (result: T) => boolean = () => true): Promise<T> {
  const end = extractionDuration.startTimer({ source });
  try {
    const result = await work();
    end({ outcome: ok(result) ? 'ok' : 'error' });
    return result;
  } catch (err) {
    end({ outcome: 'error' });
    throw err;
  }
}

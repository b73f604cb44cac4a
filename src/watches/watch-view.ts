import type { Watch, WatchRun } from '@prisma/client';
import type { StoredBulkInput } from '../jobs/start-workflow.js';
import type { StoredCrawlInput } from '../jobs/crawl/crawl-input.js';
import { watchScheduleIdFor } from './watch-schedule.js';

/** A run as GET /watches/{id} lists it: the tick it stands for, the job it ran, what it found. */
export interface WatchRunView {
  run_id: string;
  scheduled_at: string;
  started_at: string;
  finished_at: string | null;
  status: string;
  skipped_reason: string | null;
  job_id: string | null;
  pages: number | null;
  changed: number | null;
  delivery_id: string | null;
}

export interface WatchObject {
  watch_id: string;
  kind: 'bulk' | 'crawl';
  urls?: string[];
  crawl?: { url: string; depth: number; limit: number };
  every: string;
  formats: string[] | null;
  webhook_url: string | null;
  status: 'active' | 'paused';
  paused_reason: string | null;
  paused_at: string | null;
  schedule_id: string;
  created_at: string;
  updated_at: string;
  last_run?: WatchRunView | null;
  next_run_at?: string | null;
  recent_runs?: WatchRunView[];
}

export function toRunView(run: WatchRun): WatchRunView {
  return {
    run_id: run.id,
    scheduled_at: run.scheduledAt.toISOString(),
    started_at: run.startedAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
    status: run.status,
    skipped_reason: run.skippedReason,
    job_id: run.jobId,
    pages: run.pages,
    changed: run.changed,
    delivery_id: run.deliveryId,
  };
}

export function toWatchObject(watch: Watch, extra: Pick<WatchObject, 'last_run' | 'next_run_at' | 'recent_runs'> = {}): WatchObject {
  const target =
    watch.kind === 'bulk'
      ? { urls: (watch.input as unknown as StoredBulkInput).urls }
      : (() => {
          const crawl = watch.input as unknown as StoredCrawlInput;
          return { crawl: { url: crawl.startUrl, depth: crawl.depth, limit: crawl.limit } };
        })();
  const page = (watch.input as unknown as StoredBulkInput).page;
  return {
    watch_id: watch.id,
    kind: watch.kind,
    ...target,
    every: watch.every,
    formats: page?.formats ?? null,
    webhook_url: watch.webhookUrl,
    status: watch.paused ? 'paused' : 'active',
    paused_reason: watch.pausedReason,
    paused_at: watch.pausedAt?.toISOString() ?? null,
    schedule_id: watchScheduleIdFor(watch.id),
    created_at: watch.createdAt.toISOString(),
    updated_at: watch.updatedAt.toISOString(),
    ...extra,
  };
}

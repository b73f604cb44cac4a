import type { Watch } from '@prisma/client';
import type { PageChange } from '../changes/track-change.js';
import { WATCH_LIMITS } from '../contract/limits.js';

export const WATCH_CHANGED_EVENT = 'watch.changed';

/** One changed page of a run, as `watch.changed` lists it. */
export type ChangedPage = { url: string } & PageChange;

export interface WatchChangedEvent {
  event: typeof WATCH_CHANGED_EVENT;
  watch_id: string;
  kind: Watch['kind'];
  job_id: string;
  /** The tick the run stands for (a run caught up after an outage: the time it was due). */
  scheduled_at: string;
  finished_at: string;
  /** Pages the run looked at, and how many of them changed (`changed` or `removed`). */
  pages: number;
  changed: number;
  changes: ChangedPage[];
  diffs_omitted_for_size?: true;
  results_url: string;
  watch_url: string;
}

/**
 * The exact body, serialized once (attempts and redeliveries send the same bytes). Only changed pages are
 * listed; above WATCH_LIMITS.eventMaxBytes their diffs are left out (the job's results have them).
 */
export function watchChangedBody(event: Omit<WatchChangedEvent, 'event' | 'changed' | 'diffs_omitted_for_size'>, maxBytes: number = WATCH_LIMITS.eventMaxBytes): string {
  const full: WatchChangedEvent = { event: WATCH_CHANGED_EVENT, ...event, changed: event.changes.length };
  const body = JSON.stringify(full);
  if (Buffer.byteLength(body) <= maxBytes) return body;
  return JSON.stringify({ ...full, changes: full.changes.map((change) => ({ ...change, diff: null })), diffs_omitted_for_size: true });
}

import type { SearchAttributeKey } from '@temporalio/common/lib/search-attributes.js';

/**
 * Search attributes that make a job findable in the Temporal Web UI (e.g. `AccountId = "…"`).
 * Plain key objects so workflow code needs no import beyond @temporalio/workflow.
 */
export const SEARCH_ATTRIBUTE_KEYS = {
  accountId: { name: 'AccountId', type: 'KEYWORD' },
  jobKind: { name: 'JobKind', type: 'KEYWORD' },
  jobStatus: { name: 'JobStatus', type: 'KEYWORD' },
  /** On a watch's schedule, its runs and the jobs they run. */
  watchId: { name: 'WatchId', type: 'KEYWORD' },
} as const satisfies Record<string, SearchAttributeKey<'KEYWORD'>>;

/** Set by Temporal on every workflow a Schedule starts: the time the run was due (a backfilled run: the past time it stands for). */
export const SCHEDULED_START_TIME = { name: 'TemporalScheduledStartTime', type: 'DATETIME' } as const satisfies SearchAttributeKey<'DATETIME'>;

import type { SearchAttributeKey } from '@temporalio/common/lib/search-attributes.js';

/**
 * Search attributes that make a job findable in the Temporal Web UI (e.g. `AccountId = "…"`).
 * Plain key objects so workflow code needs no import beyond @temporalio/workflow.
 */
export const SEARCH_ATTRIBUTE_KEYS = {
  accountId: { name: 'AccountId', type: 'KEYWORD' },
  jobKind: { name: 'JobKind', type: 'KEYWORD' },
  jobStatus: { name: 'JobStatus', type: 'KEYWORD' },
} as const satisfies Record<string, SearchAttributeKey<'KEYWORD'>>;

import { upsertSearchAttributes } from '@temporalio/workflow';
import { SEARCH_ATTRIBUTE_KEYS } from './search-attributes.js';

/** Keeps the `JobStatus` search attribute current, so the Web UI lists running jobs by account. */
export function setJobStatus(status: 'running' | 'done' | 'failed'): void {
  upsertSearchAttributes([{ key: SEARCH_ATTRIBUTE_KEYS.jobStatus, value: status }]);
}

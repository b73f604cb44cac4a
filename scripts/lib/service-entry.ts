import path from 'node:path';
import { EXTRACTION_PROCESS_NODE_FLAGS, SERVICE_PROCESS_ENV } from '../../src/extraction/threads/process-flags.js';
import { API_PROCESS_NODE_FLAGS } from '../../src/runtime/isolate-heap.js';
import { projectRoot } from './paths.js';

export type ServiceEntry = 'src/edge/main.ts' | 'src/temporal/worker-main.ts';

/** The plain-JavaScript runner that starts a service from a bundle of its sources (no tsx in the process). */
export const SERVICE_RUNNER = 'src/runtime/run-service.mjs';

/** Node flags of one of Pith's processes: the extraction-process flags, and the API's own after them. */
export function serviceNodeFlags(entry: ServiceEntry): string[] {
  return [...EXTRACTION_PROCESS_NODE_FLAGS, ...(entry === 'src/edge/main.ts' ? API_PROCESS_NODE_FLAGS : [])];
}

/** `node` arguments that start one of Pith's processes as `npm start` does: its flags, the runner, the entry. */
export function serviceNodeArgs(entry: ServiceEntry): string[] {
  return [...serviceNodeFlags(entry), path.join(projectRoot, SERVICE_RUNNER), path.join(projectRoot, entry)];
}

/** A service process's environment: `env` with the allocator settings of SERVICE_PROCESS_ENV (unless `env` sets them). */
export function withServiceProcessEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...SERVICE_PROCESS_ENV, ...env };
}

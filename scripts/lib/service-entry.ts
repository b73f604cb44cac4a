import path from 'node:path';
import { EXTRACTION_PROCESS_NODE_FLAGS } from '../../src/extraction/threads/process-flags.js';
import { projectRoot } from './paths.js';

export type ServiceEntry = 'src/edge/main.ts' | 'src/temporal/worker-main.ts';

/** `node` arguments that start one of Pith's processes as `npm start` does: TypeScript through tsx, extraction-process flags. */
export function serviceNodeArgs(entry: ServiceEntry): string[] {
  return [...EXTRACTION_PROCESS_NODE_FLAGS, '--import', 'tsx', path.join(projectRoot, entry)];
}

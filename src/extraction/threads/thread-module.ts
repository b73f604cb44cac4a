import { fileURLToPath } from 'node:url';
import { bundleSourceSync } from '../../runtime/source-bundle.mjs';

/**
 * The module extraction threads run: thread-worker.ts and the extraction code it imports, bundled into one
 * JavaScript file (source-bundle.mjs), so a thread starts on plain Node.
 *
 * Why: a thread that inherits the process's `--import tsx` registers tsx's loader again, and Node runs
 * module hooks on a loader thread of their own, then compiles each of ~80 TypeScript files through it.
 * Measured here (.scratch/idle-mem.ts, 50 scrapinghub pages): a process with two threads held 538 MB RSS
 * through tsx and 390 MB with this bundle; an idle thread took ~120 MB against ~60 MB.
 */

const WORKER_SOURCE = fileURLToPath(new URL('./thread-worker.ts', import.meta.url));

export interface ThreadModule {
  file: string;
  /** Node options the threads start with: none for the bundle; the process's own (tsx) for the source. */
  execArgv?: string[];
}

let built: ThreadModule | undefined;

function bundle(): ThreadModule {
  return { file: bundleSourceSync(WORKER_SOURCE, 'pith-threads', 'thread-worker'), execArgv: [] };
}

/**
 * The file for piscina, once per process. If the bundle cannot be built or written (a read-only
 * node_modules), threads load the TypeScript source through the process's loader, as before: more memory,
 * same results.
 */
export function threadModule(): ThreadModule {
  if (built) return built;
  try {
    built = bundle();
  } catch (err) {
    process.emitWarning(`Extraction threads run from TypeScript sources (more memory per thread): ${(err as Error).message}`, 'PithThreadModule');
    built = { file: WORKER_SOURCE };
  }
  return built;
}

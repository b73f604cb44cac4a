import { getPriority, setPriority } from 'node:os';
import { log } from '../observability/logger.js';

/**
 * Lowers the worker's CPU priority (nice) before it starts any thread: Linux applies a priority per
 * thread and new threads inherit their creator's, so the extraction threads, the Temporal core's
 * runtime and libuv's pool started after this all run at it.
 *
 * Why: where a worker shares cores with an API process, a bulk job's extractions (throughput work that no
 * one waits on page by page) competed with POST /extract (a caller waiting) for the same cores; in the
 * soak the slowest 5% of POST /extract spent ~900 ms extracting pages that take ~440 ms with nothing else
 * running (bench:soak's Server-Timing phases). A nice worker gives way to the API only when both want a
 * core; alone it runs at full speed. WORKER_NICE=0 keeps the default priority (a worker on its own host).
 */
export function lowerCpuPriority(nice: number): void {
  // Never raised: a worker already started nicer than asked (under `nice`) stays as it is.
  if (nice <= getPriority()) return;
  try {
    setPriority(nice);
  } catch (err) {
    log().warn({ nice, error: (err as Error).message }, 'could not lower the worker CPU priority');
  }
}

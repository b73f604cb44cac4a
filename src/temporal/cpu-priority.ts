import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { log } from '../observability/logger.js';
import { lowerSessionPriority } from '../runtime/session-priority.js';

/** The process's threads (Linux); elsewhere only the calling thread is known. */
function threadIds(): number[] {
  try {
    return readdirSync('/proc/self/task').map(Number);
  } catch {
    return [0]; // 0: the calling thread
  }
}

/**
 * Lowers the worker's CPU priority (nice) for every thread it has and will have: Linux applies a priority
 * per thread and new threads inherit their creator's, so the extraction threads, the Temporal core's
 * runtime and libuv's pool started after this all run at it — and the threads already running are lowered
 * one by one. Those are V8's platform workers, started by Node before any JavaScript: they compile code for
 * every isolate of the process, and in the soak the worker's four spent ~24 % of a core at full priority
 * (more than its extraction threads), competing with the API as if the worker were not nice at all.
 *
 * Why: where a worker shares cores with an API process, a bulk job's extractions (throughput work that no
 * one waits on page by page) competed with POST /extract (a caller waiting) for the same cores; in the
 * soak the slowest 5% of POST /extract spent ~900 ms extracting pages that take ~440 ms with nothing else
 * running (bench:soak's Server-Timing phases). A nice worker gives way to the API only when both want a
 * core; alone it runs at full speed. WORKER_NICE=0 keeps the default priority (a worker on its own host).
 * On Linux with autogroups a thread's nice only counts within its session, so the worker's session group
 * is lowered too when the worker leads its session (src/runtime/session-priority.ts).
 */
export function lowerCpuPriority(nice: number): void {
  lowerSessionGroup(nice);
  // Never raised: a worker already started nicer than asked (under `nice`) stays as it is.
  if (nice <= getPriority()) return;
  for (const thread of threadIds()) {
    try {
      if (getPriority(thread) < nice) setPriority(thread, nice);
    } catch (err) {
      // A thread that ended meanwhile is gone; anything else is worth a line.
      if ((err as { code?: string }).code !== 'ESRCH') log().warn({ nice, thread, error: (err as Error).message }, 'could not lower the worker CPU priority');
    }
  }
}

function lowerSessionGroup(nice: number): void {
  if (nice <= 0) return;
  try {
    const outcome = lowerSessionPriority(process.pid, nice);
    if (outcome === 'shared-session') {
      log().info({ nice }, 'worker shares its session: its CPU priority orders it only against that session (start it in a session of its own, as npm start does)');
    }
  } catch (err) {
    log().warn({ nice, error: (err as Error).message }, 'could not lower the worker session CPU priority');
  }
}

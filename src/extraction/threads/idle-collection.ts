import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * In an extraction thread: a full garbage collection once the thread has been idle for IDLE_COLLECT_MS.
 *
 * Why: a page leaves tens of megabytes of garbage (its DOM, the strings of every pass), and V8 collects the
 * old generation only as it nears a limit it raises as the heap grows — nothing makes it collect while a
 * thread waits for its next page, so an idle pool keeps its last pages' garbage resident. Measured with
 * two threads at one page a second (.scratch/paced-mem.ts, WCXB pages): RSS 517 → 486 MB. Busy threads
 * never wait that long, so this costs throughput nothing; a thread under steady light load (the API's)
 * collects between requests, where no caller waits on it. The pool waits with `atomics: 'async'` so that
 * the thread's timers run between tasks (thread-pool.ts).
 */
export const IDLE_COLLECT_MS = 1000;

let collect: (() => void) | undefined;
try {
  // `gc` is exposed to contexts created after the flag is set; this thread's own global never gets it.
  setFlagsFromString('--expose-gc');
  collect = runInNewContext('gc') as () => void;
} catch {
  collect = undefined; // a runtime without the flag: V8's own schedule only
}

let timer: NodeJS.Timeout | undefined;

/** After each task: (re)arm the idle collection. */
export function collectWhenIdle(): void {
  if (!collect) return;
  clearTimeout(timer);
  timer = setTimeout(collect, IDLE_COLLECT_MS);
  // Never the reason a thread stays alive (piscina's port is).
  timer.unref();
}

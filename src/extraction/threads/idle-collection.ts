import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * In an extraction thread: a full garbage collection once the thread has been idle for IDLE_COLLECT_MS.
 *
 * Why: a page leaves tens of megabytes of garbage (its DOM, the strings of every pass), and V8 collects the
 * old generation only as it nears a limit it raises as the heap grows — nothing makes it collect while a
 * thread waits for its next page, so an idle pool keeps its last pages' garbage resident. Measured with
 * two threads at one page a second (.scratch/paced-mem.ts, WCXB pages): RSS 517 → 486 MB with a 1 s wait.
 *
 * Why 10 s and not 1 s: a forced collection resets what V8 learned of the thread's heap, and the next large
 * page paid for it — the six largest WCXB pages (2.3–5.2 MB) took 1.3–2.9× as long right after a 1.5 s
 * pause with the 1 s collection as back to back (740 vs 302 ms, 1,139 vs 547 ms; without the idle
 * collection the same pause cost nothing; .scratch/idle-big.ts). In the soak the API's threads, at about a
 * page every two seconds each, collected before nearly every page, and its slowest POST /extract spent
 * 2.5× the in-process time extracting. A thread under steady traffic now keeps its heap warm; a quiet one
 * still gives its garbage back within seconds. The pool waits with `atomics: 'async'` so that the thread's
 * timers run between tasks (thread-pool.ts).
 */
export const IDLE_COLLECT_MS = 10_000;

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

import v8 from 'node:v8';

/**
 * V8 flags of the API process's command line (V8 reads heap sizes when an isolate is created, so they
 * cannot be set from inside).
 *
 * `--min-semi-space-size=8`: the main thread's young generation never shrinks below 8 MB semi-spaces.
 * While the API idles, V8 shrinks it to 1 MB (low allocation throughput, and the memory reducer's
 * collections ~8 s into a quiet spell; `--trace-gc`). A POST /bulk allocates ~180 KB (sampling heap
 * profile), so the first burst after a quiet spell — 20 submitters after a crawl — collected every few
 * submissions, on the thread every waiting caller queues behind, and promoted what it caught in flight.
 * Measured with a scratch probe on `startBenchService` (rounds of 200 submissions by 20 submitters, each
 * after 40 s idle; GC from perf_hooks): 15–21 scavenges and 38–73 ms of them per round before, 4–5 and
 * 31–42 ms with the floor. The API's CPU per submission (1.70–2.25 → 1.45–2.10 ms) and the rounds' p99
 * moved less than this machine's noise. It costs the main isolate ≤ 16 MB while idle; under load the
 * space is that large anyway. Extraction threads do not inherit it: see `withoutMainThreadHeapFloor`.
 */
export const API_PROCESS_NODE_FLAGS: readonly string[] = ['--min-semi-space-size=8'];

/**
 * Clears a young-generation floor given on the command line for isolates created from now on: the
 * process's main thread keeps the one it started with (V8 reads it once per isolate), while threads
 * size their heaps with their own `resourceLimits`. An extraction thread idling with an 8 MB floor would
 * hold ~16 MB it does not need; the API runs two.
 */
export function withoutMainThreadHeapFloor(): void {
  v8.setFlagsFromString('--min-semi-space-size=0');
}

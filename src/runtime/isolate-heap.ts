import v8 from 'node:v8';

/**
 * V8 flags of the API process's command line: V8 reads the young generation's size when an isolate is
 * created, so the floor cannot be set from inside; the growth factor, read at every collection, is given
 * here too so that it holds from the first collection on.
 *
 * `--min-semi-space-size=8`: the main thread's young generation never shrinks below 8 MB semi-spaces.
 * While the API idles, V8 shrinks it to 1 MB (low allocation throughput, and the memory reducer's
 * collections ~8 s into a quiet spell; `--trace-gc`). A POST /bulk allocates ~180 KB (sampling heap
 * profile), so the first burst after a quiet spell — 20 submitters after a crawl — collected every few
 * submissions, on the thread every waiting caller queues behind, and promoted what it caught in flight.
 * Measured with a scratch probe on `startBenchService` (rounds of 200 submissions by 20 submitters, each
 * after 40 s idle; GC from perf_hooks): 15–21 scavenges and 38–73 ms of them per round before, 4–5 and
 * 31–42 ms with the floor. It costs the main isolate ≤ 16 MB while idle; under load the space is that
 * large anyway. Extraction threads do not inherit it: see `withoutMainThreadHeapFloor`.
 *
 * `--heap-growing-percent=50`: after a full collection, the old generation may grow by half of what
 * survived before the next one starts, whatever V8's growing mode. V8's own factor follows its measured
 * speeds, but after the memory reducer's collections in a quiet spell it is 1.1: the first burst after
 * it, whose scavenges promote the requests in flight, started a full incremental marking of the ~60 MB
 * old space, 60–67 ms of marking steps while its callers waited. Same probe, ten rounds per setting,
 * each after 40 s idle, on two fresh services: p99 105, 236, 63, 85, 71, 97, 94, 79, 81, 49 ms without
 * the flag (API 1.30–2.00 ms of CPU per submission); 54, 91, 68, 46, 58, 68, 63, 81, 89, 70 ms with 50
 * (1.25–1.75 ms). 100 gave 50–83 ms, but a main heap twice its live size under bench:soak's load put
 * the API at 450–470 MB RSS (old space up to 134 MB), against ≤ 400. The flag is process-wide and read
 * at every collection: the API's extraction threads grow by the same rule within their `resourceLimits`.
 */
export const API_PROCESS_NODE_FLAGS: readonly string[] = ['--min-semi-space-size=8', '--heap-growing-percent=50'];

/**
 * Clears a young-generation floor given on the command line for isolates created from now on: the
 * process's main thread keeps the one it started with (V8 reads it once per isolate), while threads
 * size their heaps with their own `resourceLimits`. An extraction thread idling with an 8 MB floor would
 * hold ~16 MB it does not need; the API runs two.
 */
export function withoutMainThreadHeapFloor(): void {
  v8.setFlagsFromString('--min-semi-space-size=0');
}

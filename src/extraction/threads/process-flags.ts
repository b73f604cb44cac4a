/**
 * Node flags for a process that hosts extraction threads (the API and the worker), given on its command
 * line: V8 reads this one only at start-up (setting it later aborts the process).
 *
 * `--single-threaded-gc`: V8 otherwise hands scavenges, marking and sweeping to helper threads. An
 * extraction thread allocates a page's DOM and drops it ~30 ms later, and the helpers spent ~5–6 ms of
 * CPU per page on that garbage while the extraction thread itself gained nothing (26–27 ms per page either
 * way, measured per thread from /proc/self/task on the scrapinghub set). With one thread per core the
 * helpers only take CPU from the other extraction thread, so collecting on the allocating thread does the
 * same work with ~15% less CPU per page.
 */
export const EXTRACTION_PROCESS_NODE_FLAGS: readonly string[] = ['--single-threaded-gc'];

/**
 * Semi-space size of an extraction thread's young generation, in MB: thread-pool.ts gives each thread
 * V8's young generation of three of them (why 32, measured: see THREAD_YOUNG_MB there).
 */
export const EXTRACTION_SEMI_SPACE_MB = 32;

/**
 * The extraction threads' young generation for a main thread that extracts pages itself (bench:extract
 * times the pipeline there). Without it that thread had Node's default semi-spaces and timed 35 ms a page
 * on WCXB dev where the threads' size gives 32 (64 MB gave 30, at twice the threads' memory).
 */
export const MAIN_THREAD_EXTRACTION_FLAGS: readonly string[] = [`--max-semi-space-size=${EXTRACTION_SEMI_SPACE_MB}`];

/**
 * Environment of the same processes, read by glibc's allocator at start-up (so it must be set before the
 * process starts, as the flags above).
 *
 * `MALLOC_ARENA_MAX=2`: glibc gives each thread that allocates concurrently an arena of its own, up to 8
 * per core; the API and the worker run ~20 threads (extraction threads, libuv's pool, the Temporal core's
 * runtime, V8's platform threads), and memory freed in one arena is kept for that arena's reuse.
 * `MALLOC_MMAP_THRESHOLD_=131072`: blocks from 128 KB up (fetched bodies, array buffers) are mapped on
 * their own and returned to the system when freed. glibc otherwise raises this threshold each time such a
 * block is freed, up to 32 MB, after which bodies of a few hundred KB are carved from the arenas and their
 * freed space stays resident between the live blocks around it.
 * (Measured effect: see the README's Observability, Memory.)
 */
export const SERVICE_PROCESS_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

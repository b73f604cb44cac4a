/**
 * Node flags for a process that hosts extraction threads (the API and the worker), given on its command
 * line: V8 reads them at start-up (setting the first later aborts the process).
 *
 * `--single-threaded-gc`: V8 otherwise hands scavenges, marking and sweeping to helper threads. An
 * extraction thread allocates a page's DOM and drops it ~30 ms later, and the helpers spent ~5–6 ms of
 * CPU per page on that garbage while the extraction thread itself gained nothing (26–27 ms per page either
 * way, measured per thread from /proc/self/task on the scrapinghub set). With one thread per core the
 * helpers only take CPU from the other extraction thread, so collecting on the allocating thread does the
 * same work with ~15% less CPU per page.
 *
 * `--no-allocation-site-pretenuring`: V8 allocates objects straight in the old generation from the code
 * sites whose objects tended to survive a young collection, and a large page's DOM, alive while its page
 * is extracted, taught it that of the parser's node sites. Every later page's nodes were then born old:
 * they are garbage ~30 ms later like the rest, but only a full collection finds that, and until then
 * their pointers kept the page's young strings and arrays alive through every young collection. After a
 * page, with nothing of it reachable, a forced young collection still copied 0.3–1.4 MB and took ~2.5 ms
 * (0.0–0.3 MB and ~0.8 ms without pretenuring), and the old generation grew 0.2–0.5 MB a page during the
 * page (scrapinghub's first 40 pages, after a warm-up pass). Same pages, two processes taking turns ten
 * pages at a time, eight rounds: scrapinghub 2–3% less time a page in each of four runs (0.980, 0.972, and
 * 0.970, 0.973 with the two sides swapped), WCXB dev (every fifth page) within 1% either way; the peak
 * RSS of two extraction threads over scrapinghub the same (555 against 556 MB).
 */
export const EXTRACTION_PROCESS_NODE_FLAGS: readonly string[] = ['--single-threaded-gc', '--no-allocation-site-pretenuring'];

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

import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { extractHtml, type ExtractOptions } from '../extract.js';
import type { ThreadResult, ThreadTask } from './thread-worker.js';
import { ExtractionError } from '../../contract/extraction-error.js';
import type { ExtractedContent } from '../types.js';

/** Runs the CPU-bound part of an extraction: on worker threads, or on the calling thread. */
export interface HtmlExtractor {
  extract(html: string, url: string, options: ExtractOptions): Promise<Partial<ExtractedContent>>;
  close(): Promise<void>;
}

/** In the calling thread (tests, scripts, `EXTRACTION_THREADS=0`). */
export const inlineExtractor: HtmlExtractor = {
  extract: async (html, url, options) => extractHtml(html, url, options).content,
  close: async () => undefined,
};

/**
 * A pool of worker threads so that one process extracts on every core while its main thread keeps
 * fetching and talking to Temporal. Workers load TypeScript through the process's own loader (tsx),
 * which they inherit with execArgv.
 */
/** Old-space cap per extraction thread; the largest benchmark page peaks well under it. */
const THREAD_HEAP_MB = 256;
/**
 * Young generation per extraction thread: 96 MB is 32 MB semi-spaces (a thread's default is 48 MB, 16 MB
 * semi-spaces). A page's DOM and the garbage of its passes live for the ~30 ms of one extraction; with
 * 16 MB semi-spaces much of it was promoted to old space, and V8's GC helper threads spent ~8 ms of CPU per
 * page on it (measured per thread from /proc/self/task on the scrapinghub set), about a third of the
 * extraction's own time. One extraction thread gets that from the idle core for free; a thread per core
 * has to share its core with it, which held the 2-thread speedup near 1.45×. With 32 MB semi-spaces the
 * helpers spent ~6.5 ms per page and the process's total CPU per page fell by several percent.
 */
const THREAD_YOUNG_MB = 96;

export function threadExtractor(threads = availableParallelism()): HtmlExtractor {
  const pool = new Piscina({
    filename: fileURLToPath(new URL('./thread-worker.ts', import.meta.url)),
    minThreads: threads,
    maxThreads: threads,
    // Extractions are CPU-bound: a queue, not more threads, absorbs bursts.
    concurrentTasksPerWorker: 1,
    idleTimeout: 60_000,
    // V8 sizes a thread's heap generously and collects late: each parse leaves megabytes of garbage, and
    // two threads grew to ~450 MB each in the soak. A cap makes them collect sooner (a page needs far less).
    resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB, maxYoungGenerationSizeMb: THREAD_YOUNG_MB },
  });
  return {
    extract: (html, url, options) => {
      const { retrievedAt, ...rest } = options;
      const task: ThreadTask = { html, url, options: { ...rest, ...(retrievedAt ? { retrievedAt: retrievedAt.toISOString() } : {}) } };
      return (pool.run(task) as Promise<ThreadResult>).then(
        (result) => {
          if (result.ok) return result.content;
          throw new ExtractionError(result.code, result.message);
        },
        (err: { code?: string }) => {
          // A page whose DOM outgrows the thread's heap ends that thread (piscina starts a fresh one):
          // the page's own failure, not the service's.
          if (err?.code === 'ERR_WORKER_OUT_OF_MEMORY') throw new ExtractionError('no_content', `The page is too large to extract within ${THREAD_HEAP_MB} MB`);
          throw err;
        },
      );
    },
    close: () => pool.destroy(),
  };
}

import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { ExtractOptions } from '../extract.js';
import type { ThreadData, ThreadResult, ThreadTask } from './thread-worker.js';
import { ExtractionError } from '../../contract/extraction-error.js';
import type { ExtractedContent } from '../types.js';
import type { DocumentKind } from '../documents/index.js';
import { DOCUMENT_CAPS } from '../documents/caps.js';
import { threadModule } from './thread-module.js';
import { EXTRACTION_SEMI_SPACE_MB } from './process-flags.js';
import { addPhase, timePhase } from '../../observability/phases.js';
import { withoutMainThreadHeapFloor } from '../../runtime/isolate-heap.js';
import type { AppShell, HtmlBody } from '../fetched-html.js';

export type { AppShell, HtmlBody };

/** Runs the CPU-bound part of an extraction: on worker threads, or on the calling thread. */
export interface HtmlExtractor {
  extract(html: string, url: string, options: ExtractOptions): Promise<Partial<ExtractedContent>>;
  /**
   * A fetched HTML page's bytes → the same content fields, decoded where it is extracted: the calling
   * thread never holds the page as text. With `shellCheck` (`render_js: "auto"` with a browser up), an
   * app shell (render/app-shell.ts) answers AppShell instead.
   */
  extractBody(page: HtmlBody, url: string, options: ExtractOptions, shellCheck: boolean): Promise<Partial<ExtractedContent> | AppShell>;
  /** A document's bytes (PDF, DOCX, text, markdown) → the same content fields. */
  extractDocument(body: Uint8Array, kind: DocumentKind, url: string, options: ExtractOptions): Promise<Partial<ExtractedContent>>;
  close(): Promise<void>;
  /** Heap snapshots of the extraction threads, one stream each (memory-report.ts); absent without threads. */
  threadHeapSnapshots?(): Promise<NodeJS.ReadableStream>[];
}

/**
 * In the calling thread (tests, scripts, `EXTRACTION_THREADS=0`). The extraction code is loaded on first
 * use: a process whose pages go to threads never holds its tables in its main thread (the token-count
 * tables and tiktoken's WASM memory were ~24 MB of the API's and the worker's main heaps in the soak's
 * snapshots).
 */
export const inlineExtractor: HtmlExtractor = {
  extract: (html, url, options) => timePhase('extract', async () => (await import('../extract.js')).extractHtml(html, url, options).content),
  extractBody: (page, url, options, shellCheck) => timePhase('extract', async () => (await import('../fetched-html.js')).extractFetchedHtml(page, url, options, shellCheck)),
  // Loaded on first use: the PDF and DOCX parsers stay out of processes that never read a document inline.
  extractDocument: async (body, kind, url, options) => (await (await import('../documents/index.js')).extractDocument(body, kind, url, options)).content,
  close: async () => undefined,
};

/**
 * A pool of worker threads so that one process extracts on every core while its main thread keeps
 * fetching and talking to Temporal. Threads run one bundled JavaScript module (thread-module.ts).
 */
/** Old-space cap per extraction thread; the largest benchmark page peaks well under it. */
const THREAD_HEAP_MB = 256;
/**
 * Young generation per extraction thread: 96 MB, three 32 MB semi-spaces (a thread's default is 48 MB, 16 MB
 * semi-spaces). A page's DOM and the garbage of its passes live for the ~30 ms of one extraction; with
 * 16 MB semi-spaces much of it was promoted to old space, and V8's GC helper threads spent ~8 ms of CPU per
 * page on it (measured per thread from /proc/self/task on the scrapinghub set), about a third of the
 * extraction's own time. One extraction thread gets that from the idle core for free; a thread per core
 * has to share its core with it, which held the 2-thread speedup near 1.45×. With 32 MB semi-spaces the
 * helpers spent ~6.5 ms per page and the process's total CPU per page fell by several percent.
 */
const THREAD_YOUNG_MB = 3 * EXTRACTION_SEMI_SPACE_MB;

export function threadExtractor(threads = availableParallelism(), data: ThreadData = {}): HtmlExtractor {
  const { file, execArgv } = threadModule();
  // The threads' heaps are sized here, not by a floor the process set for its main thread (the API's).
  withoutMainThreadHeapFloor();
  const pool = new Piscina({
    workerData: data,
    filename: file,
    ...(execArgv ? { execArgv } : {}),
    minThreads: threads,
    maxThreads: threads,
    // Extractions are CPU-bound: a queue, not more threads, absorbs bursts.
    concurrentTasksPerWorker: 1,
    // Idle threads wait on the event loop, not blocked in Atomics.wait, so their timers run
    // (idle-collection.ts). A busy thread takes its next task from the queue as before.
    atomics: 'async',
    idleTimeout: 60_000,
    // V8 sizes a thread's heap generously and collects late: each parse leaves megabytes of garbage, and
    // two threads grew to ~450 MB each in the soak. A cap makes them collect sooner (a page needs far less).
    resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB, maxYoungGenerationSizeMb: THREAD_YOUNG_MB },
  });
  /** The result, with the task's time split into the wait for a free thread and the work in it (phases.ts). */
  const unwrap = (queuedAt: number) => (result: ThreadResult): Partial<ExtractedContent> | AppShell => {
    addPhase('thread-queue', Math.max(0, performance.now() - queuedAt - result.ms));
    addPhase('extract', result.ms);
    if (!result.ok) throw new ExtractionError(result.code, result.message);
    return 'appShell' in result ? { appShell: true } : result.content;
  };
  /** A page whose DOM outgrows the thread's heap ends that thread (piscina starts a fresh one): the page's own failure, not the service's. */
  const pageTooLarge = (err: { code?: string }) => {
    if (err?.code === 'ERR_WORKER_OUT_OF_MEMORY') throw new ExtractionError('no_content', `The page is too large to extract within ${THREAD_HEAP_MB} MB`);
    throw err;
  };
  const runPage = (task: ThreadTask) => (pool.run(task) as Promise<ThreadResult>).then(unwrap(performance.now()), pageTooLarge);
  const threadOptions = (options: ExtractOptions): ThreadTask['options'] => {
    const { retrievedAt, ...rest } = options;
    return { ...rest, ...(retrievedAt ? { retrievedAt: retrievedAt.toISOString() } : {}) };
  };
  return {
    // Only an extractBody task with shellCheck answers AppShell.
    extract: (html, url, options) => runPage({ html, url, options: threadOptions(options) }) as Promise<Partial<ExtractedContent>>,
    extractBody: ({ body, headerCharset }, url, options, shellCheck) => runPage({ body, ...(headerCharset ? { headerCharset } : {}), shellCheck, url, options: threadOptions(options) }),
    extractDocument: (body, kind, url, options) => {
      const task: ThreadTask = { document: body, kind, url, options: threadOptions(options) };
      // A document the parser cannot finish in time is abandoned with its thread (the abort ends the
      // worker; piscina starts a fresh one): no file can hold a thread however it is built.
      // The clock starts at enqueue, so it allows for a queue: the in-thread deadline is the usual bound.
      const signal = AbortSignal.timeout(DOCUMENT_CAPS.parseTimeoutMs * 3);
      return (pool.run(task, { signal }) as Promise<ThreadResult>).then(unwrap(performance.now()) as (result: ThreadResult) => Partial<ExtractedContent>, (err: { code?: string; name?: string }) => {
        if (err?.code === 'ERR_WORKER_OUT_OF_MEMORY') throw new ExtractionError('document_too_large', `The document is too large to extract within ${THREAD_HEAP_MB} MB`);
        if (signal.aborted) throw new ExtractionError('document_too_large', `The document took more than ${DOCUMENT_CAPS.parseTimeoutMs} ms to extract`);
        throw err;
      });
    },
    close: () => pool.destroy(),
    threadHeapSnapshots: () => pool.threads.map((thread) => thread.getHeapSnapshot()),
  };
}

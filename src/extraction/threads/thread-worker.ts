import { extractHtml, type ExtractOptions } from '../extract.js';
import type { ExtractedContent } from '../types.js';
import { ExtractionError, type ExtractionErrorCode } from '../../contract/extraction-error.js';
import { extractDocument, type DocumentKind } from '../documents/index.js';
import { workerData } from 'node:worker_threads';
import { reportThreadHeap, threadTaskDone } from '../../observability/memory-report.js';
import { collectWhenIdle } from './idle-collection.js';
import { extractFetchedHtml } from '../fetched-html.js';

/** What each thread is started with (piscina's workerData, given by thread-pool.ts). */
export interface ThreadData {
  /** Post the thread's heap figures this often (memory-report.ts); undefined: reports are off. */
  memoryReportMs?: number;
}

reportThreadHeap((workerData as ThreadData | undefined)?.memoryReportMs);

type ThreadOptions = Omit<ExtractOptions, 'retrievedAt'> & { retrievedAt?: string };

/**
 * An HTML page as text (rendered), a fetched HTML page as its bytes (decoded here; `shellCheck`: first
 * answer whether it is an app shell, for `render_js: "auto"`), or a document's bytes (PDF, DOCX, text)
 * with the kind sniffed on the main thread.
 */
export type ThreadTask =
  | { html: string; url: string; options: ThreadOptions }
  | { body: Uint8Array; headerCharset?: string; shellCheck: boolean; url: string; options: ThreadOptions }
  | { document: Uint8Array; kind: DocumentKind; url: string; options: ThreadOptions };

/**
 * Errors lose their class and `code` when cloned between threads, so extraction failures travel as data.
 * `ms`: the task's time in the thread, so the caller can tell it from the time its task waited in the queue.
 */
export type ThreadResult = ({ ok: true; content: Partial<ExtractedContent> } | { ok: true; appShell: true } | { ok: false; code: ExtractionErrorCode; message: string }) & { ms: number };

function asFailure(err: unknown, started: number): ThreadResult {
  if (err instanceof ExtractionError) return { ok: false, code: err.code, message: err.message, ms: performance.now() - started };
  throw err;
}

/** Runs in a worker thread: the CPU-bound half of an extraction (parse, main content, formats). */
export default function extractInThread(task: ThreadTask): ThreadResult | Promise<ThreadResult> {
  const { retrievedAt, ...rest } = task.options;
  const options = { ...rest, ...(retrievedAt ? { retrievedAt: new Date(retrievedAt) } : {}) };
  const started = performance.now();
  if ('document' in task) {
    // Document parsers (pdf.js, mammoth) are asynchronous; the HTML path stays synchronous as before.
    return extractDocument(task.document, task.kind, task.url, options)
      .then(({ content }) => ({ ok: true as const, content, ms: performance.now() - started }), (err: unknown) => asFailure(err, started))
      .finally(() => {
        threadTaskDone();
        collectWhenIdle();
      });
  }
  try {
    const ms = () => performance.now() - started;
    if ('html' in task) return { ok: true, content: extractHtml(task.html, task.url, options).content, ms: ms() };
    const extracted = extractFetchedHtml({ body: task.body, headerCharset: task.headerCharset }, task.url, options, task.shellCheck);
    return 'appShell' in extracted ? { ok: true, appShell: true, ms: ms() } : { ok: true, content: extracted, ms: ms() };
  } catch (err) {
    return asFailure(err, started);
  } finally {
    threadTaskDone();
    collectWhenIdle();
  }
}

import { extractHtml, type ExtractOptions } from '../extract.js';
import type { ExtractedContent } from '../types.js';
import { ExtractionError, type ExtractionErrorCode } from '../../contract/extraction-error.js';

export interface ThreadTask {
  html: string;
  url: string;
  options: Omit<ExtractOptions, 'retrievedAt'> & { retrievedAt?: string };
}

/** Errors lose their class and `code` when cloned between threads, so extraction failures travel as data. */
export type ThreadResult = { ok: true; content: Partial<ExtractedContent> } | { ok: false; code: ExtractionErrorCode; message: string };

/** Runs in a worker thread: the CPU-bound half of an extraction (parse, main content, formats). */
export default function extractInThread(task: ThreadTask): ThreadResult {
  const { retrievedAt, ...options } = task.options;
  try {
    const { content } = extractHtml(task.html, task.url, { ...options, ...(retrievedAt ? { retrievedAt: new Date(retrievedAt) } : {}) });
    return { ok: true, content };
  } catch (err) {
    if (err instanceof ExtractionError) return { ok: false, code: err.code, message: err.message };
    throw err;
  }
}

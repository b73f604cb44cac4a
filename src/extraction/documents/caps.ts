/**
 * Bounds on one document, in one place. Every document is parsed in an extraction thread; these keep one
 * file from holding a thread (time), its heap (bytes, pages, text) or the caller (an empty result).
 */
export const DOCUMENT_CAPS = {
  /** Largest document body accepted (the fetch cap is 10 MiB; this applies to any caller of the parsers). */
  maxBytes: 10 * 1024 * 1024,
  /** PDFs with more pages are refused up front (from the page tree), before any page is parsed. */
  maxPages: 200,
  /** Text kept from one document; more is `document_too_large` (a bounded markdown for chunking and tokens). */
  maxTextChars: 2_000_000,
  /** Wall-clock budget for parsing one document in a thread; the thread is ended when it is spent. */
  parseTimeoutMs: 20_000,
  /** Fewer non-blank characters than this over the whole PDF reads as an image-only (scanned) document. */
  minTextChars: 1,
} as const;

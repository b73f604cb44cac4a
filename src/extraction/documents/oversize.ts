import { ExtractionError } from '../../contract/extraction-error.js';
import { sniffBody } from './sniff.js';

/**
 * A body over the fetch cap: a document (by its Content-Type) is `document_too_large`, which says what to
 * do about it; anything else stays the fetch's own `fetch_failed`.
 */
export function documentOversize(contentType: string, maxBytes: number): ExtractionError | undefined {
  const { kind } = sniffBody(contentType, new Uint8Array());
  if (kind === 'pdf' || kind === 'docx' || /^application\/pdf/i.test(contentType)) {
    return new ExtractionError('document_too_large', `The document is larger than ${maxBytes} bytes; Pith reads documents up to that size`);
  }
  return undefined;
}

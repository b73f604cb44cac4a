import mammoth from 'mammoth';
import { ExtractionError } from '../../contract/extraction-error.js';
import { DOCUMENT_CAPS } from './caps.js';

/** A .docx as HTML (mammoth maps Word's heading, list and table styles to elements); images are left out. */
export async function htmlOfDocx(body: Uint8Array): Promise<string> {
  if (body.byteLength > DOCUMENT_CAPS.maxBytes) throw new ExtractionError('document_too_large', `The document is ${body.byteLength} bytes; Pith reads documents up to ${DOCUMENT_CAPS.maxBytes} bytes`);
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(body.buffer, body.byteOffset, body.byteLength) },
      // Inline base64 images would bloat every output; the text is what is extracted.
      { convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
    );
    html = result.value;
  } catch (err) {
    throw new ExtractionError('no_content', `The DOCX could not be read (${(err as Error).message ?? 'invalid file'})`);
  }
  if (html.length > DOCUMENT_CAPS.maxTextChars * 4) throw new ExtractionError('document_too_large', `The DOCX holds more than ${DOCUMENT_CAPS.maxTextChars} characters of text`);
  return html.replace(/<img src=""[^>]*>/g, '');
}

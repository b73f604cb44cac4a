/** What kind of body a fetch returned: the extraction path is chosen from the Content-Type, then from magic bytes. */
export type BodyKind = 'html' | 'pdf' | 'docx' | 'text' | 'markdown';

const PDF_MAGIC = Buffer.from('%PDF-');
const ZIP_MAGIC = Buffer.from('PK\u0003\u0004', 'latin1');

const BY_TYPE: Record<string, BodyKind> = {
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'application/pdf': 'pdf',
  'application/x-pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/plain': 'text',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
};

/** Servers often label files generically; the body's own signature decides for these. */
const GENERIC = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/download', 'application/force-download']);

function startsWith(body: Uint8Array, magic: Buffer): boolean {
  return body.length >= magic.length && magic.every((byte, i) => body[i] === byte);
}

/** A PDF may carry a few junk bytes (a BOM, whitespace) before its header; readers look in the first KiB. */
function hasPdfHeader(body: Uint8Array): boolean {
  return Buffer.from(body.buffer, body.byteOffset, Math.min(body.length, 1024)).includes(PDF_MAGIC);
}

/** A ZIP is a DOCX when its central directory names word/document.xml (names are stored uncompressed). */
function isDocx(body: Uint8Array): boolean {
  return startsWith(body, ZIP_MAGIC) && Buffer.from(body.buffer, body.byteOffset, body.length).includes('word/document.xml');
}

export interface Sniffed {
  kind: BodyKind | null;
  /** The media type as sent (without parameters), for messages about unsupported types. */
  type: string;
}

/**
 * `%PDF-` wins over any label (PDFs are commonly served as octet-stream or even text/html by mistake);
 * a missing or generic type falls back to HTML, as browsers sniff markup. Null: a type Pith does not extract.
 */
export function sniffBody(contentType: string, body: Uint8Array): Sniffed {
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (startsWith(body, PDF_MAGIC) || ((GENERIC.has(type) || type === 'application/pdf') && hasPdfHeader(body))) return { kind: 'pdf', type };
  const labelled = BY_TYPE[type];
  if (labelled === 'pdf') return { kind: null, type }; // labelled PDF without a PDF header: not a PDF
  if (labelled) return { kind: labelled, type };
  if (GENERIC.has(type)) return { kind: isDocx(body) ? 'docx' : type ? null : 'html', type };
  return { kind: null, type };
}

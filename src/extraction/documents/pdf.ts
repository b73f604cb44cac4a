import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ExtractionError } from '../../contract/extraction-error.js';
import { DOCUMENT_CAPS } from './caps.js';
import { layoutBlocks, type DocBlock, type TextRun } from './pdf-layout.js';
import { keepingNativeBuiltins } from './native-builtins.js';

type PdfJs = typeof PdfJsModule;
let pdfjs: Promise<PdfJs> | undefined;
let firstOpen: Promise<unknown> | undefined;

/**
 * pdf.js, loaded on the first PDF rather than when this module loads: a process or thread that never
 * reads a PDF does not hold it, and the built-ins its polyfills replace are put back
 * (native-builtins.ts). Its first document also loads its worker module, which polyfills again.
 */
function loadPdfJs(): Promise<PdfJs> {
  return (pdfjs ??= keepingNativeBuiltins(() => import('pdfjs-dist/legacy/build/pdf.mjs')));
}

export interface ParsedPdf {
  blocks: DocBlock[];
  /** Every run's text in order: what `input_tokens` counts (the document's raw text). */
  rawText: string;
  links: string[];
  pages: number;
  title: string | null;
  author: string | null;
  date: string | null;
}

const BOLD_FONT = /bold|black|heavy|semibold|demi/i;

/** `D:YYYYMMDDHHmmSS+hh'mm'` (PDF date) → ISO 8601; null when unreadable. */
export function pdfDate(value: unknown): string | null {
  const m = typeof value === 'string' ? /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Zz+-])(\d{2})?'?(\d{2})?'?)?/.exec(value) : null;
  if (!m) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', zone, zh = '00', zm = '00'] = m;
  const offset = !zone || /z/i.test(zone) ? 'Z' : `${zone}${zh}:${zm}`;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const infoText = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

function fontIsBold(objects: { get(id: string): unknown }, font: string): boolean {
  try {
    const loaded = objects.get(font) as { name?: string; bold?: boolean; black?: boolean } | undefined;
    return Boolean(loaded?.bold || loaded?.black || BOLD_FONT.test(loaded?.name ?? ''));
  } catch {
    return false; // not resolved: read as regular
  }
}

async function openPdf(data: Uint8Array): Promise<PDFDocumentProxy> {
  const { getDocument } = await loadPdfJs();
  // No eval, no font faces, no system fonts: text extraction needs none of them and they widen what a hostile file can reach.
  const open = () => getDocument({ data, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0, stopAtErrors: false }).promise;
  try {
    if (firstOpen) {
      await firstOpen.catch(() => undefined);
      return await open();
    }
    const opening = keepingNativeBuiltins(open);
    firstOpen = opening;
    return await opening;
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === 'PasswordException') throw new ExtractionError('no_content', 'The PDF is encrypted with a password; Pith cannot read it');
    throw new ExtractionError('no_content', `The PDF could not be parsed (${(err as Error).message ?? 'invalid file'})`);
  }
}

/** Parses a PDF's text layer page by page, within the page and text caps. Throws ExtractionError. */
export async function parsePdf(body: Uint8Array, { withLinks = true, deadline = Date.now() + DOCUMENT_CAPS.parseTimeoutMs } = {}): Promise<ParsedPdf> {
  if (body.byteLength > DOCUMENT_CAPS.maxBytes) throw new ExtractionError('document_too_large', `The PDF is ${body.byteLength} bytes; Pith reads documents up to ${DOCUMENT_CAPS.maxBytes} bytes`);
  // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
  const doc = await openPdf(new Uint8Array(body));
  try {
    if (doc.numPages > DOCUMENT_CAPS.maxPages) {
      throw new ExtractionError('document_too_large', `The PDF has ${doc.numPages} pages; Pith reads documents up to ${DOCUMENT_CAPS.maxPages} pages`);
    }
    const pages: TextRun[][] = [];
    const heights: number[] = [];
    const links = new Set<string>();
    const bold = new Map<string, boolean>();
    let raw = '';
    for (let n = 1; n <= doc.numPages; n++) {
      if (Date.now() > deadline) throw new ExtractionError('document_too_large', `The PDF took more than ${DOCUMENT_CAPS.parseTimeoutMs} ms to read`);
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      // Font names (and so boldness) are known once a page's operators are loaded; text content alone gives
      // generic families. Fonts are shared across pages, so only a page that brings a new font pays for that.
      const fonts = new Set(content.items.flatMap((item) => ('fontName' in item ? [item.fontName] : [])));
      if ([...fonts].some((font) => !bold.has(font))) {
        await page.getOperatorList();
        for (const font of fonts) if (!bold.has(font)) bold.set(font, fontIsBold(page.commonObjs, font));
      }
      const isBold = (font: string): boolean => bold.get(font) ?? false;
      const runs: TextRun[] = [];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform as number[];
        runs.push({ str: item.str, x: e, y: f, width: item.width, size: Math.hypot(c, d) || Math.hypot(a, b), bold: isBold(item.fontName), eol: item.hasEOL });
        raw += item.str + (item.hasEOL ? '\n' : '');
        if (raw.length > DOCUMENT_CAPS.maxTextChars) throw new ExtractionError('document_too_large', `The PDF holds more than ${DOCUMENT_CAPS.maxTextChars} characters of text`);
      }
      pages.push(runs);
      heights.push(page.view[3]! - page.view[1]!);
      // Annotations cost as much as a fifth of a page's parse: read only when `links` is asked for.
      for (const annotation of withLinks ? await page.getAnnotations({ intent: 'display' }) : []) {
        const url = (annotation as { url?: unknown }).url;
        if (typeof url === 'string' && /^https?:/i.test(url)) {
          try {
            const href = new URL(url);
            href.hash = '';
            links.add(href.href);
          } catch {
            // an unparsable link annotation is not a link
          }
        }
      }
      page.cleanup();
      raw += '\n';
    }
    if (raw.replace(/\s+/g, '').length < DOCUMENT_CAPS.minTextChars) {
      throw new ExtractionError('no_content', 'The PDF has no text layer (scanned or image-only pages); Pith does not run OCR yet');
    }
    const { info } = (await doc.getMetadata().catch(() => ({ info: {} }))) as { info: Record<string, unknown> };
    return {
      blocks: layoutBlocks(pages, heights),
      rawText: raw,
      links: [...links],
      pages: doc.numPages,
      title: infoText(info.Title),
      author: infoText(info.Author),
      date: pdfDate(info.CreationDate) ?? pdfDate(info.ModDate),
    };
  } finally {
    await doc.destroy();
  }
}

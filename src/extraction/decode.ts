/** Bytes to text with the charset the page declares: Content-Type header, then BOM, then <meta charset>. */
import { repairWindows1252 } from './windows-1252.js';

function decoderFor(label: string | undefined): TextDecoder | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label.trim().toLowerCase());
  } catch {
    return undefined; // unknown label: fall through to the next source
  }
}

function bomCharset(body: Buffer): string | undefined {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  return undefined;
}

function metaCharset(body: Buffer): string | undefined {
  const head = body.subarray(0, 4096).toString('latin1');
  return (
    /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1] ??
    /<meta[^>]+content\s*=\s*["'][^"']*charset=([\w.:-]+)/i.exec(head)?.[1]
  );
}

export function decodeBody(body: Buffer, headerCharset: string | undefined): string {
  // A BOM outranks everything (WHATWG encoding sniffing), then the header, then the document's own meta.
  const decoder = decoderFor(bomCharset(body)) ?? decoderFor(headerCharset) ?? decoderFor(metaCharset(body)) ?? new TextDecoder('utf-8');
  const text = decoder.decode(body);
  return decoder.encoding === 'windows-1252' ? repairWindows1252(text) : text;
}

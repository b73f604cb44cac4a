import { constants, createGunzip } from 'node:zlib';

/** A gzip member starts with these two bytes (RFC 1952); `.xml.gz` sitemaps are served without Content-Encoding. */
export function isGzip(data: Buffer): boolean {
  return data.length >= 2 && data[0] === 0x1f && data[1] === 0x8b;
}

/**
 * Decompresses at most `maxBytes` and stops there (`cut: true`): a gzip bomb costs the budget, not the
 * memory it would expand to. Input that ends early decodes as far as it goes (sync flush). Throws on
 * data that is not gzip.
 */
export async function gunzipCapped(input: Buffer, maxBytes: number): Promise<{ data: Buffer; cut: boolean }> {
  const gunzip = createGunzip({ finishFlush: constants.Z_SYNC_FLUSH });
  gunzip.end(input);
  const parts: Buffer[] = [];
  let size = 0;
  // Breaking out of the loop destroys the stream: nothing past the cap is inflated.
  for await (const chunk of gunzip as AsyncIterable<Buffer>) {
    if (size + chunk.length > maxBytes) {
      parts.push(chunk.subarray(0, maxBytes - size));
      return { data: Buffer.concat(parts), cut: true };
    }
    size += chunk.length;
    parts.push(chunk);
  }
  return { data: Buffer.concat(parts), cut: false };
}

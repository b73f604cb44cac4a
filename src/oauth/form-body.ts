import type { IncomingMessage } from 'node:http';

/** OAuth requests are small; anything larger is refused before it is buffered. */
export const OAUTH_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * The raw body of an OAuth request as text. The OAuth routes sit in front of the API's JSON body
 * parser because their bodies are forms (RFC 6749 §3.2 requires application/x-www-form-urlencoded).
 */
export async function readBodyText(req: IncomingMessage, limit = OAUTH_BODY_LIMIT_BYTES): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw Object.assign(new Error(`The request body is larger than ${limit} bytes`), { status: 413 });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** application/x-www-form-urlencoded to parameters; a repeated name becomes a list (callers refuse or accept it). */
export function parseForm(text: string): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const prior = params[name];
    params[name] = prior === undefined ? value : Array.isArray(prior) ? [...prior, value] : [prior, value];
  }
  return params;
}

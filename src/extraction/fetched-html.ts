import { decodeBody } from './decode.js';
import { extractHtml, type ExtractOptions } from './extract.js';
import { appShellVerdict } from './render/app-shell.js';
import type { ExtractedContent } from './types.js';

/** A fetched HTML page's bytes, with the charset its Content-Type declared. */
export interface HtmlBody {
  body: Uint8Array;
  headerCharset: string | undefined;
}

/** With `shellCheck`: the page is an app shell, to be rendered (nothing was extracted). */
export interface AppShell {
  appShell: true;
}

/**
 * A fetched HTML page → its content, decoded where it is extracted (an extraction thread, or inline):
 * with `shellCheck` (`render_js: "auto"` with a browser up), an app shell answers AppShell instead.
 */
export function extractFetchedHtml({ body, headerCharset }: HtmlBody, url: string, options: ExtractOptions, shellCheck: boolean): Partial<ExtractedContent> | AppShell {
  const html = decodeBody(Buffer.from(body.buffer, body.byteOffset, body.byteLength), headerCharset);
  if (shellCheck && appShellVerdict(html).shell) return { appShell: true };
  return extractHtml(html, url, options).content;
}

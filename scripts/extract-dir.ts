/**
 * Runs the service's extraction pipeline over a folder of saved pages:
 *   npm run -s extract:dir -- <folder of *.html.gz> <out.json>
 * writes { "<file id>": { "text": …, "markdown": …, "metadata": { "title", "author", "date" } } } (id = file
 * name without .html.gz; metadata as the service returns it, so the scorer's metadata part reads it), progress on stderr.
 * A page the pipeline refuses (no_content) gets empty strings, as the service would return no content.
 *
 *   npm run -s extract:dir -- --explain <page id> <folder of *.html.gz>
 * prints for that one page what main-content did: the page kind (declared and derived), each named rule
 * that removed text (characters, first words) and why one root won (lengths, threshold and its name).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeBody } from '../src/extraction/decode.js';
import { extractHtml } from '../src/extraction/extract.js';
import { ExtractionError } from '../src/contract/extraction-error.js';
import { explainPage } from './lib/explain-page.js';
import { savedPageUrl } from './lib/saved-page-url.js';

type PageMetadata = { title: string | null; author: string | null; date: string | null };

const USAGE = 'usage: npm run -s extract:dir -- <folder of *.html.gz> <out.json>\n       npm run -s extract:dir -- --explain <page id> <folder of *.html.gz>';

function readPage(folder: string, id: string): { html: string; url: string } {
  const html = decodeBody(gunzipSync(readFileSync(path.join(folder, `${id}.html.gz`))), undefined);
  return { html, url: savedPageUrl(html, id) };
}

function extractFolder(folder: string, outFile: string): void {
  const files = readdirSync(folder).filter((f) => f.endsWith('.html.gz')).sort();
  const out: Record<string, { text: string; markdown: string; metadata: PageMetadata }> = {};
  const started = Date.now();
  let failed = 0;
  files.forEach((file, index) => {
    const id = file.slice(0, -'.html.gz'.length);
    const { html, url } = readPage(folder, id);
    try {
      const { content, text } = extractHtml(html, url);
      const { title = null, author = null, date = null } = content.metadata ?? {};
      out[id] = { text, markdown: content.markdown ?? '', metadata: { title, author, date } };
    } catch (err) {
      if (!(err instanceof ExtractionError)) console.error(`${id}: ${(err as Error).stack ?? err}`);
      failed++;
      out[id] = { text: '', markdown: '', metadata: { title: null, author: null, date: null } };
    }
    if ((index + 1) % 100 === 0 || index + 1 === files.length) {
      process.stderr.write(`\r${index + 1}/${files.length} pages, ${failed} without content, ${((Date.now() - started) / (index + 1)).toFixed(1)} ms/page`);
    }
  });
  process.stderr.write('\n');
  writeFileSync(outFile, JSON.stringify(out));
}

const args = process.argv.slice(2);
if (args[0] === '--explain' && args.length === 3) {
  const { html, url } = readPage(args[2]!, args[1]!);
  process.stdout.write(explainPage(html, url));
} else if (args.length === 2 && !args[0]!.startsWith('--')) {
  extractFolder(args[0]!, args[1]!);
} else {
  console.error(USAGE);
  process.exit(2);
}

/**
 * Runs the service's extraction pipeline over a folder of saved pages:
 *   npm run -s extract:dir -- <folder of *.html.gz> <out.json>
 * writes { "<file id>": { "text": …, "markdown": … } } (id = file name without .html.gz), progress on stderr.
 * A page the pipeline refuses (no_content) gets empty strings, as the service would return no content.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeBody } from '../src/extraction/decode.js';
import { extractHtml } from '../src/extraction/extract.js';
import { ExtractionError } from '../src/contract/extraction-error.js';
import { savedPageUrl } from './lib/saved-page-url.js';

const [folder, outFile] = process.argv.slice(2);
if (!folder || !outFile) {
  console.error('usage: npm run -s extract:dir -- <folder of *.html.gz> <out.json>');
  process.exit(2);
}

const files = readdirSync(folder).filter((f) => f.endsWith('.html.gz')).sort();
const out: Record<string, { text: string; markdown: string }> = {};
const started = Date.now();
let failed = 0;
files.forEach((file, index) => {
  const id = file.slice(0, -'.html.gz'.length);
  const html = decodeBody(gunzipSync(readFileSync(path.join(folder, file))), undefined);
  try {
    const { content, text } = extractHtml(html, savedPageUrl(html, id));
    out[id] = { text, markdown: content.markdown ?? '' };
  } catch (err) {
    if (!(err instanceof ExtractionError)) console.error(`${id}: ${(err as Error).stack ?? err}`);
    failed++;
    out[id] = { text: '', markdown: '' };
  }
  if ((index + 1) % 100 === 0 || index + 1 === files.length) {
    process.stderr.write(`\r${index + 1}/${files.length} pages, ${failed} without content, ${((Date.now() - started) / (index + 1)).toFixed(1)} ms/page`);
  }
});
process.stderr.write('\n');
writeFileSync(outFile, JSON.stringify(out));

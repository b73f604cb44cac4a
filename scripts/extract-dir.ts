/**
 * Runs the service's extraction pipeline over a folder of saved pages:
 *   npm run -s extract:dir -- <folder of *.html.gz> <out.json> [--url-from <set folder>]
 * writes { "<file id>": { "text": …, "markdown": …, "metadata": { "title", "author", "date" } } } (id = file
 * name without .html.gz; metadata as the service returns it, so the scorer's metadata part reads it), progress on stderr.
 * A page the pipeline refuses (no_content) gets empty strings, as the service would return no content.
 * Each page is read at its own canonical or og:url address (else a placeholder); with --url-from <set folder>,
 * at the address the benchmark set records for it (recordedPageUrl), the one the service would be given.
 *
 *   npm run -s extract:dir -- --explain <page id> <folder of *.html.gz> [--url-from <set folder>]
 * prints for that one page what main-content did: the page kind (declared and derived), each named rule
 * that removed text (characters, first words) and why one root won (lengths, threshold and its name).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeBody } from '../src/extraction/decode.js';
import { explainPage } from './lib/explain-page.js';
import { NO_CONTENT, type PagePrediction, predictPage } from './lib/page-prediction.js';
import { recordedPageUrl, recordsAddresses, savedPageUrl } from './lib/saved-page-url.js';

const USAGE = 'usage: npm run -s extract:dir -- <folder of *.html.gz> <out.json> [--url-from <set folder>]\n       npm run -s extract:dir -- --explain <page id> <folder of *.html.gz> [--url-from <set folder>]';

function readPage(folder: string, id: string, urlFrom?: string): { html: string; url: string } {
  const html = decodeBody(gunzipSync(readFileSync(path.join(folder, `${id}.html.gz`))), undefined);
  return { html, url: (urlFrom ? recordedPageUrl(urlFrom, id) : null) ?? savedPageUrl(html, id) };
}

function extractFolder(folder: string, outFile: string, urlFrom?: string): void {
  const files = readdirSync(folder).filter((f) => f.endsWith('.html.gz')).sort();
  const out: Record<string, PagePrediction> = {};
  const started = Date.now();
  let failed = 0;
  files.forEach((file, index) => {
    const id = file.slice(0, -'.html.gz'.length);
    const { html, url } = readPage(folder, id, urlFrom);
    const prediction = predictPage(html, url, id);
    if (!prediction) failed++;
    out[id] = prediction ?? NO_CONTENT;
    if ((index + 1) % 100 === 0 || index + 1 === files.length) {
      process.stderr.write(`\r${index + 1}/${files.length} pages, ${failed} without content, ${((Date.now() - started) / (index + 1)).toFixed(1)} ms/page`);
    }
  });
  process.stderr.write('\n');
  writeFileSync(outFile, JSON.stringify(out));
}

const args = process.argv.slice(2);
// --url-from <set folder> may end either form.
const urlFromAt = args.indexOf('--url-from');
const urlFrom = urlFromAt >= 0 ? args[urlFromAt + 1] : undefined;
const positional = urlFromAt >= 0 ? args.slice(0, urlFromAt) : args;
if (urlFromAt >= 0 && (!urlFrom || urlFromAt + 2 !== args.length)) {
  console.error(USAGE);
  process.exit(2);
}
if (urlFrom && !recordsAddresses(urlFrom)) {
  console.error(`--url-from ${urlFrom}: no ground-truth/ folder or ground-truth.json there to read the pages' addresses from\n${USAGE}`);
  process.exit(2);
}
if (positional[0] === '--explain' && positional.length === 3) {
  const { html, url } = readPage(positional[2]!, positional[1]!, urlFrom);
  process.stdout.write(explainPage(html, url));
} else if (positional.length === 2 && !positional[0]!.startsWith('--') && !positional[1]!.startsWith('--')) {
  extractFolder(positional[0]!, positional[1]!, urlFrom);
} else {
  console.error(USAGE);
  process.exit(2);
}

/**
 * npm run -s dump:blocks -- <folder of *.html.gz> <out.jsonl>
 * The learned block scorer's training rows (scripts/train-block-model.py reads them): each saved page goes
 * through the service's extraction with the block pass listening instead of removing (learned-blocks.ts
 * recordingBlocksInto). A first line names the features ({ features }); then one line a page:
 * { id, text, kind, source, runs, blocks: [{ text, features, kept }] }, where `text` is what the service
 * returns for scoring without the pass, `runs` whether the policy runs the pass on that root (every root is
 * dumped: the model learns from all), the features are in BLOCK_FEATURES order and `kept` marks a block the
 * pass never removes (isLongParagraph). Progress on stderr.
 */
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeBody } from '../src/extraction/decode.js';
import { extractHtml } from '../src/extraction/extract.js';
import { BLOCK_FEATURES, blockText } from '../src/extraction/main-content/learned/block-features.js';
import { isLongParagraph, recordingBlocksInto } from '../src/extraction/main-content/learned/learned-blocks.js';
import { savedPageUrl } from './lib/saved-page-url.js';

interface Row {
  id: string;
  text: string;
  kind: string | null;
  source: string | null;
  runs: boolean;
  blocks: { text: string; features: number[]; kept: boolean }[];
}

const [folder, outFile] = process.argv.slice(2);
if (!folder || !outFile) {
  console.error('usage: npm run -s dump:blocks -- <folder of *.html.gz> <out.jsonl>');
  process.exit(2);
}

const out = createWriteStream(outFile);
out.write(`${JSON.stringify({ features: BLOCK_FEATURES })}\n`);
const files = readdirSync(folder).filter((file) => file.endsWith('.html.gz')).sort();
const started = Date.now();
files.forEach((file, index) => {
  const id = file.slice(0, -'.html.gz'.length);
  const html = decodeBody(gunzipSync(readFileSync(path.join(folder, file))), undefined);
  const row: Row = { id, text: '', kind: null, source: null, runs: false, blocks: [] };
  recordingBlocksInto(
    (blocks, context) => {
      row.kind = context.kind;
      row.source = context.source;
      row.runs = context.runs;
      row.blocks = blocks.map((block) => ({ text: blockText(block.element), features: [...block.features], kept: isLongParagraph(block) }));
    },
    () => {
      try {
        row.text = extractHtml(html, savedPageUrl(html, id), { formats: ['markdown'] }).text;
      } catch {
        // No content: an empty text, as extract:dir scores it.
      }
    },
  );
  out.write(`${JSON.stringify(row)}\n`);
  if ((index + 1) % 100 === 0 || index + 1 === files.length) {
    process.stderr.write(`\r${index + 1}/${files.length} pages, ${((Date.now() - started) / (index + 1)).toFixed(1)} ms/page`);
  }
});
process.stderr.write('\n');
out.end();

/**
 * npm run -s dragnet:eval -- <checkout> <out folder>
 * A fourth set of pages outside the shared ones, for checking that a rule carries (issue 24): Dragnet's
 * 1,381 English news and blog pages of 2012 (github.com/seomoz/dragnet_data, also mirrored in
 * github.com/j-szulc/html-cleaning-dataset-merged as dragnet_data/), each with its main text typed out by
 * hand. The truth is the story with its headline and byline; where the annotators also typed the reader
 * comments, they follow a `!@#$%^&*()  COMMENTS` line (COMMENTS_LINE), and the story alone is kept, as Dragnet scores content.
 *
 * Lays the pages out like the shared scrapinghub folder (html/<id>.html.gz as saved, ground-truth.json with
 * { id: { articleBody, url } }, the address the page names as canonical or og:url, else ""), so `extract:dir`,
 * `score.mjs`, `score:compare` and the peers' `peer-extract.py` run on it unchanged. Reads either layout:
 * the original's HTML/<id>.html with Corrected/<id>.html.corrected.txt, or the mirror's input/<id>.html with
 * GoldStandard/<id>.txt. Truths are UTF-16 where they open with its byte-order mark, else UTF-8, else Windows-1252.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { repairWindows1252 } from '../src/extraction/windows-1252.js';

const usage = 'usage: npm run -s dragnet:eval -- <dragnet_data checkout, or a checkout holding dragnet_data/> <out folder>';
/**
 * The annotators' comments line, `!@#$%^&*()  COMMENTS`, typed by hand: 416 of Dragnet's truths have one, 22
 * of them with a sign missing, doubled or swapped (`!@ $%^&*()`, `!@#$%^&*   COMMENTS`).
 */
const COMMENTS_LINE = /^[ \t]*[!@#$%^&*()][!@#$%^&*() \t]{2,}COMMENTS[ \t]*$/m;

interface Layout {
  html: string;
  truth: string;
  truthFile: (id: string) => string;
}

function layoutOf(checkout: string): Layout | null {
  for (const root of [checkout, path.join(checkout, 'dragnet_data')]) {
    if (existsSync(path.join(root, 'HTML')) && existsSync(path.join(root, 'Corrected'))) {
      return { html: path.join(root, 'HTML'), truth: path.join(root, 'Corrected'), truthFile: (id) => `${id}.html.corrected.txt` };
    }
    if (existsSync(path.join(root, 'input')) && existsSync(path.join(root, 'GoldStandard'))) {
      return { html: path.join(root, 'input'), truth: path.join(root, 'GoldStandard'), truthFile: (id) => `${id}.txt` };
    }
  }
  return null;
}

function decode(bytes: Buffer): string {
  // A few truths were saved as UTF-16 (with its byte-order mark).
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return repairWindows1252(new TextDecoder('windows-1252').decode(bytes));
  }
}

/** The story: the truth up to its comments line, with Windows line ends made plain. */
function storyOf(truth: string): string {
  return truth.replace(/\r\n?/g, '\n').split(COMMENTS_LINE)[0]!.trim();
}

const CANONICAL = /<link\b[^>]*\brel=["']canonical["'][^>]*\bhref=["']([^"']+)["']/i;
const OG_URL = /<meta\b[^>]*\bproperty=["']og:url["'][^>]*\bcontent=["']([^"']+)["']/i;

function addressNamedIn(html: Buffer): string {
  const head = html.subarray(0, 200_000).toString('latin1');
  const match = CANONICAL.exec(head) ?? OG_URL.exec(head);
  return match?.[1] && /^https?:\/\//i.test(match[1]) ? match[1] : '';
}

const [checkout, out] = process.argv.slice(2);
if (!checkout || !out) {
  console.error(usage);
  process.exit(2);
}
const layout = layoutOf(path.resolve(checkout));
if (!layout) {
  console.error(`no dragnet pages under ${checkout}: expected HTML/ and Corrected/, or input/ and GoldStandard/ (also under dragnet_data/)`);
  process.exit(2);
}
mkdirSync(path.join(out, 'html'), { recursive: true });
const truths: Record<string, { articleBody: string; url: string }> = {};
let withoutTruth = 0;
for (const file of readdirSync(layout.html).filter((name) => name.endsWith('.html')).sort()) {
  const id = file.slice(0, -'.html'.length);
  const truthPath = path.join(layout.truth, layout.truthFile(id));
  if (!existsSync(truthPath)) {
    withoutTruth++;
    continue;
  }
  const html = readFileSync(path.join(layout.html, file));
  writeFileSync(path.join(out, 'html', `${id}.html.gz`), gzipSync(html));
  truths[id] = { articleBody: storyOf(decode(readFileSync(truthPath))), url: addressNamedIn(html) };
}
writeFileSync(path.join(out, 'ground-truth.json'), JSON.stringify(truths));
console.error(`${Object.keys(truths).length} pages in ${out}${withoutTruth ? ` (${withoutTruth} pages without a truth left out)` : ''}`);

/**
 * npm run bench:documents [-- --limit N]
 * Quality and speed of the PDF path. Each shared scrapinghub page is printed to PDF by Chromium
 * (`page.pdf()`, scripts off, network off, print media); the PDF goes through extractDocument (one thread,
 * this one), and its text is scored against Chromium's own `innerText` of the same page in print media,
 * with the shared scorer's measures (/work/shared/benchmarks/extraction/score.mjs: words are
 * /[\p{L}\p{N}_]+/gu): word F1 (its WCXB measure: bags of words, the issue's target ≥ 0.95) and shingle F1
 * (its scrapinghub measure: bags of 4-word shingles, which also sees word order). Also reported: heading
 * recall (the page's H1–H3 that the print shows, found as headings of the extraction), heading precision
 * (extracted headings that are H1–H6 of the page) and speed of the extraction alone (printing is not
 * timed). Progress on stderr, figures on stdout.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { CHROMIUM_FLAGS, DEFAULT_CHROMIUM_PATH } from '../src/extraction/render/chromium-flags.js';
import { decodeBody } from '../src/extraction/decode.js';
import { extractDocument } from '../src/extraction/documents/index.js';
import { projectRoot } from './lib/paths.js';
import { bagOf, scorerWords } from './lib/scorer-words.js';

const dir = path.resolve(projectRoot, '..', 'shared', 'benchmarks', 'extraction', 'scrapinghub', 'html');
const limitArg = process.argv.indexOf('--limit');
const limit = limitArg > 0 ? Number(process.argv[limitArg + 1]) : Infinity;

// score.mjs's definitions, in TypeScript (its words and bags: lib/scorer-words.ts).
function shingles(text: string, n = 4): Map<string, number> {
  const t = scorerWords(text);
  const out: string[] = [];
  for (let i = 0; i < Math.max(1, t.length - n + 1); i++) {
    const s = t.slice(i, i + n);
    if (s.length) out.push(s.join('\u0001'));
  }
  return bagOf(out);
}
/** tp/fp/fn of two bags, as score.mjs counts them. */
function overlap(truth: Map<string, number>, got: Map<string, number>) {
  let tp = 0, fp = 0, fn = 0;
  for (const k of new Set([...truth.keys(), ...got.keys()])) {
    const x = truth.get(k) ?? 0, y = got.get(k) ?? 0;
    tp += Math.min(x, y); fp += Math.max(0, y - x); fn += Math.max(0, x - y);
  }
  return { tp, fp, fn, f1: tp + fp + fn === 0 ? 1 : tp / Math.max(1e-9, tp + (fp + fn) / 2) };
}
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const r3 = (x: number) => Math.round(x * 1000) / 1000;
const norm = (t: string) => scorerWords(t.toLowerCase()).join(' ');

const files = readdirSync(dir).filter((f) => f.endsWith('.html.gz')).sort().slice(0, limit);
const browser = await chromium.launch({ executablePath: DEFAULT_CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
async function freshPage() {
  const context = await browser.newContext({ javaScriptEnabled: false });
  // The saved pages only: nothing is fetched (images and styles from the sites are unreachable anyway).
  await context.route('**/*', (route) => route.abort());
  const page = await context.newPage();
  await page.emulateMedia({ media: 'print' });
  return page;
}
let page = await freshPage();

const rows: { id: string; shingleF1: number; wordF1: number; pages: number; ms: number; headingRecall: number | null; headingPrecision: number | null; p: number; r: number; short: boolean }[] = [];
let failures = 0;
let unprinted = 0;
const started = Date.now();
for (const [i, file] of files.entries()) {
  const id = file.replace(/\.html\.gz$/, '');
  try {
    const t = Date.now();
    const html = decodeBody(gunzipSync(readFileSync(path.join(dir, file))), undefined);
    await page.setContent(html, { waitUntil: 'domcontentloaded', timeout: 20_000 });
    const { text, headings, allHeadings } = await page.evaluate(() => ({
      text: document.body?.innerText ?? '',
      headings: [...document.querySelectorAll('h1, h2, h3')].map((h) => (h as HTMLElement).innerText).filter((t) => t.trim()),
      allHeadings: [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => (h as HTMLElement).innerText).filter((t) => t.trim()),
    }));
    // Every image fails to load here (no network), and Chromium prints a broken image's alt text, which
    // innerText never holds: a real page's print shows the picture instead. Without alt, nothing is drawn.
    await page.evaluate(() => {
      for (const img of document.images) img.alt = '';
    });
    // Chromium never finishes printing a few of these pages: such a page is skipped (not the PDF path's failure).
    const pdf = await Promise.race([
      page.pdf({ format: 'A4', printBackground: false }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('Chromium did not print the page within 10 s')), 10_000).unref()),
    ]);
    const printed = Date.now() - t;
    const t0 = performance.now();
    const extraction = await extractDocument(new Uint8Array(pdf), 'pdf', `https://bench.invalid/${id}.pdf`, {});
    const ms = performance.now() - t0;
    const got = extraction.text;
    const s = overlap(shingles(text), shingles(got));
    const w = overlap(bagOf(scorerWords(text)), bagOf(scorerWords(got)));
    const extracted = (extraction.content.blocks ?? []).filter((b) => b.type === 'heading').map((b) => norm(b.text));
    const found = new Set(extracted);
    // Only headings the print shows count (a visually hidden H2, "Site navigation", is not in the PDF).
    const printedWords = ` ${norm(got)} `;
    const wanted = headings.map(norm).filter((h) => h && printedWords.includes(` ${h} `));
    const headingRecall = wanted.length ? wanted.filter((h) => found.has(h)).length / wanted.length : null;
    // Of the extraction's headings after the lead one (the document title), the share that are headings (H1–H6) of the page.
    const pageHeadings = new Set(allHeadings.map(norm));
    const body = extracted.slice(1);
    const headingPrecision = body.length ? body.filter((h) => pageHeadings.has(h)).length / body.length : null;
    rows.push({ id, shingleF1: s.f1, wordF1: w.f1, pages: extraction.content.metadata?.pages ?? 0, ms, headingRecall, headingPrecision, p: s.tp / Math.max(1, s.tp + s.fp), r: s.tp / Math.max(1, s.tp + s.fn),
      // Fewer than half the words: the PDF itself lacks the text (no font for the script here, or text innerText counts but print does not paint).
      short: scorerWords(got).length < 0.5 * scorerWords(text).length });
    process.stderr.write(`[${i + 1}/${files.length}] ${id}: ${extraction.content.metadata?.pages} pages, shingle F1 ${r3(s.f1)}, word F1 ${r3(w.f1)}, extracted in ${ms.toFixed(0)} ms (printed in ${printed} ms)\n`);
  } catch (err) {
    if (/did not print/.test((err as Error).message)) unprinted++;
    else failures++;
    process.stderr.write(`[${i + 1}/${files.length}] ${id}: FAILED ${(err as Error).message.split('\n')[0]}\n`);
    // A page that crashed its tab (or timed out) is not the next page's problem.
    await page.context().close().catch(() => undefined);
    page = await freshPage();
  }
}
await browser.close();

// Speed: all formats (links included). The first extraction loads pdf.js and warms the tokeniser: speed is over the rest.
const timed = rows.slice(1);
const typical = timed.filter((r) => r.pages >= 1 && r.pages <= 5);
const headingRows = rows.filter((r) => r.headingRecall !== null);
const worst = [...rows].sort((a, b) => a.shingleF1 - b.shingleF1).slice(0, 5).map((r) => `${r.id} ${r3(r.shingleF1)}`);
console.log(JSON.stringify({
  dataset: 'scrapinghub printed to PDF by Chromium',
  documents: rows.length,
  failures,
  skipped_chromium_print_hangs: unprinted,
  shingle_f1_mean: r3(mean(rows.map((r) => r.shingleF1))),
  shingle_f1_scorer_form: r3((2 * mean(rows.map((r) => r.p)) * mean(rows.map((r) => r.r))) / (mean(rows.map((r) => r.p)) + mean(rows.map((r) => r.r)))),
  word_f1_mean: r3(mean(rows.map((r) => r.wordF1))),
  documents_with_under_half_the_words: rows.filter((r) => r.short).length,
  shingle_f1_mean_without_those: r3(mean(rows.filter((r) => !r.short).map((r) => r.shingleF1))),
  word_f1_mean_without_those: r3(mean(rows.filter((r) => !r.short).map((r) => r.wordF1))),
  heading_recall_mean: r3(mean(headingRows.map((r) => r.headingRecall ?? 0))),
  pages_with_printed_headings: headingRows.length,
  heading_precision_mean: r3(mean(rows.filter((r) => r.headingPrecision !== null).map((r) => r.headingPrecision ?? 0))),
  pages_per_document_mean: r3(mean(rows.map((r) => r.pages))),
  documents_of_1to5_pages: typical.length,
  docs_per_s_one_thread_1to5_pages: r3(typical.length / (typical.reduce((a, r) => a + r.ms, 0) / 1000)),
  pdf_pages_per_s_one_thread_1to5_pages: r3(typical.reduce((a, r) => a + r.pages, 0) / (typical.reduce((a, r) => a + r.ms, 0) / 1000)),
  pdf_pages_per_s_one_thread: r3(timed.reduce((a, r) => a + r.pages, 0) / (timed.reduce((a, r) => a + r.ms, 0) / 1000)),
  ms_per_document_p50: r3([...timed.map((r) => r.ms)].sort((a, b) => a - b)[Math.floor(timed.length / 2)] ?? 0),
  worst,
  wall_s: Math.round((Date.now() - started) / 1000),
}, null, 2));

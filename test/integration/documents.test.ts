import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExtractionError } from '../../src/contract/extraction-error.js';
import { extractUrl } from '../../src/extraction/index.js';
import { CHROMIUM_FLAGS, DEFAULT_CHROMIUM_PATH } from '../../src/extraction/render/chromium-flags.js';
import { DOCUMENT_CAPS } from '../../src/extraction/documents/caps.js';
import type { FetchOptions } from '../../src/net/safe-fetch.js';
import { encryptedPdf, libraryDocx, sampleDocx, textPdf } from '../support/documents.js';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js';

const run = promisify(execFile);
const options: FetchOptions = { allowPrivate: true, timeoutMs: 10_000, maxBytes: 2_000_000, userAgent: 'Pith/test' };
// Taken before any PDF is read here: pdf.js's polyfills must not outlive its loading (native-builtins.ts).
const builtinsBefore = { push: Array.prototype.push, stringify: JSON.stringify, parse: JSON.parse };
const PDF = { 'content-type': 'application/pdf' };
const sentence = (topic: string, i: number) => `${topic} sentence ${i} explains how documents keep their reading order when they are printed and read again.`;

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
    return { code: 'ok', message: '' };
  } catch (err) {
    if (err instanceof ExtractionError) return { code: err.code, message: err.message };
    throw err;
  }
}

/** Pages printed by Chromium exactly as a site's "Save as PDF" would be (scripts off, nothing fetched). */
async function printPdf(browser: Browser, html: string): Promise<Buffer> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.setContent(html, { waitUntil: 'domcontentloaded' });
    return await page.pdf({ format: 'A4' });
  } finally {
    await context.close();
  }
}

const ARTICLE = `<!doctype html><html><head><title>Printed Article</title></head><body>
<h1>Printed Article</h1>
<p>${Array.from({ length: 6 }, (_, i) => sentence('Opening', i)).join(' ')}</p>
<h2>Second Section</h2>
<p>See <a href="https://example.org/reference">the reference</a> for details on the method.</p>
<ol><li>Measure the source</li><li>Print it</li><li>Read it back</li></ol>
<h3>Third Level</h3><p>Closing words of the printed article.</p></body></html>`;

const COLUMNS = `<!doctype html><html><head><title>Columns</title><style>.cols { column-count: 2; column-gap: 40px }</style></head><body>
<h1>Two Columns</h1><div class="cols">
<p>${Array.from({ length: 8 }, (_, i) => sentence('Alpha', i)).join(' ')}</p>
<p>${Array.from({ length: 8 }, (_, i) => sentence('Omega', i)).join(' ')}</p></div></body></html>`;

const TABLE = `<!doctype html><html><head><title>Scores</title><style>td, th { padding: 4px 24px; text-align: left }</style></head><body>
<h1>Scores</h1><p>The table lists each team and its score.</p>
<table><tr><th>Team</th><th>Score</th><th>City</th></tr><tr><td>Falcons</td><td>42</td><td>Oslo</td></tr>
<tr><td>Herons</td><td>37</td><td>Lima</td></tr><tr><td>Otters</td><td>29</td><td>Kyoto</td></tr></table></body></html>`;

// Shapes and no text: what a scanned page looks like to a text extractor.
const IMAGE_ONLY = `<!doctype html><html><body><svg width="400" height="300"><rect width="400" height="300" fill="#888"/><circle cx="200" cy="150" r="80" fill="#222"/></svg></body></html>`;

let browser: Browser;
let site: FixtureServer;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: DEFAULT_CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
  const [article, columns, table, imageOnly] = [
    await printPdf(browser, ARTICLE),
    await printPdf(browser, COLUMNS),
    await printPdf(browser, TABLE),
    await printPdf(browser, IMAGE_ONLY),
  ];
  site = await startFixtureServer({
    '/article.pdf': { body: article, headers: PDF },
    '/download': { body: article, headers: { 'content-type': 'application/octet-stream' } },
    '/columns.pdf': { body: columns, headers: PDF },
    '/table.pdf': { body: table, headers: PDF },
    '/scan.pdf': { body: imageOnly, headers: PDF },
    '/locked.pdf': { body: encryptedPdf(), headers: PDF },
    '/long.pdf': { body: textPdf(Array.from({ length: DOCUMENT_CAPS.maxPages + 1 }, (_, i) => `Page ${i + 1}`)), headers: PDF },
    '/huge.pdf': { body: Buffer.concat([textPdf(['Big']), Buffer.alloc(options.maxBytes)]), headers: PDF },
    '/report.docx': { body: sampleDocx(), headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' } },
    '/review.docx': { body: await libraryDocx(), headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' } },
    '/notes.txt': { body: 'First paragraph of plain notes.\nStill the first paragraph.\n\nSecond paragraph <not markup>.', headers: { 'content-type': 'text/plain; charset=utf-8' } },
    '/readme.md': { body: '# Read Me\n\nSome *markdown* text.\n\n- one\n- two\n', headers: { 'content-type': 'text/markdown' } },
    '/photo.png': { body: Buffer.from('89504e470d0a1a0a', 'hex'), headers: { 'content-type': 'image/png' } },
  });
}, 60_000);
afterAll(async () => {
  await site?.close();
  await browser?.close();
});

describe('PDF documents printed by Chromium', () => {
  it('reads headings, joined paragraphs, lists and links, with the document info and every format', async () => {
    const content = await extractUrl(site.url('/article.pdf'), options);
    const markdown = content.markdown ?? '';
    expect(markdown.startsWith('# Printed Article\n')).toBe(true);
    expect(markdown).toContain('\n## Second Section\n');
    expect(markdown).toContain('\n### Third Level\n');
    // Six sentences wrapped over several lines come back as one paragraph.
    expect(markdown).toContain(Array.from({ length: 6 }, (_, i) => sentence('Opening', i)).join(' '));
    expect(content.blocks?.filter((b) => b.type === 'list_item').map((b) => b.text)).toEqual(['Measure the source', 'Print it', 'Read it back']);
    expect(content.links).toContain('https://example.org/reference');
    expect(content.metadata).toMatchObject({ title: 'Printed Article', pages: 1, url: site.url('/article.pdf') });
    expect(content.metadata?.date).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(content.html).toContain('<h2>Second Section</h2>');
    expect(content.chunks?.map((c) => c.text).join('')).toBe(markdown);
    expect(content.metrics?.input_tokens).toBeGreaterThan(50);
    expect(content.metrics?.output_tokens).toBeGreaterThan(50);
  });

  it('recognises a PDF by its %PDF- signature when the server labels it octet-stream', async () => {
    const content = await extractUrl(site.url('/download'), options);
    expect(content.markdown).toContain('## Second Section');
  });

  it('keeps a two-column page in column order, each paragraph whole', async () => {
    const markdown = (await extractUrl(site.url('/columns.pdf'), options)).markdown ?? '';
    const alpha = Array.from({ length: 8 }, (_, i) => sentence('Alpha', i)).join(' ');
    const omega = Array.from({ length: 8 }, (_, i) => sentence('Omega', i)).join(' ');
    expect(markdown).toContain(alpha);
    expect(markdown).toContain(omega);
    expect(markdown.indexOf(alpha)).toBeLessThan(markdown.indexOf(omega));
  });

  it('leaves JSON and Array.prototype.push as they were once PDFs have been read (pdf.js polyfills them)', async () => {
    await extractUrl(site.url('/article.pdf'), options);
    expect({ push: Array.prototype.push, stringify: JSON.stringify, parse: JSON.parse }).toEqual(builtinsBefore);
    expect(Array.prototype.push === builtinsBefore.push && JSON.stringify === builtinsBefore.stringify).toBe(true);
  });

  it('turns a laid-out table into a table', async () => {
    const content = await extractUrl(site.url('/table.pdf'), options);
    expect(content.markdown).toMatch(/\| Team \| Score \| City \|/);
    expect(content.markdown).toMatch(/\| Herons \| 37 \| Lima \|/);
    expect(content.blocks?.some((b) => b.type === 'table')).toBe(true);
  });
});

describe('PDFs that cannot be read', () => {
  it('an encrypted PDF is no_content and says why', async () => {
    const { code, message } = await failure(extractUrl(site.url('/locked.pdf'), options));
    expect(code).toBe('no_content');
    expect(message).toMatch(/encrypted/);
  });

  it('an image-only PDF is no_content and says there is no OCR', async () => {
    const { code, message } = await failure(extractUrl(site.url('/scan.pdf'), options));
    expect(code).toBe('no_content');
    expect(message).toMatch(/no text layer.*OCR/);
  });

  it('more pages than the cap is document_too_large', async () => {
    const { code, message } = await failure(extractUrl(site.url('/long.pdf'), options));
    expect(code).toBe('document_too_large');
    expect(message).toContain(`${DOCUMENT_CAPS.maxPages} pages`);
  });

  it('a PDF over the byte cap is document_too_large, not fetch_failed', async () => {
    const { code } = await failure(extractUrl(site.url('/huge.pdf'), options));
    expect(code).toBe('document_too_large');
  });
});

describe('other documents', () => {
  it('a DOCX becomes headings, paragraphs and a list', async () => {
    const content = await extractUrl(site.url('/report.docx'), options);
    expect(content.markdown).toBe(
      '# Quarterly Report\n\nRevenue grew in every region this quarter, led by strong demand for the new product line.\n\n## Highlights\n\n- First highlight of the quarter\n- Second highlight of the quarter',
    );
    expect(content.metadata?.title).toBe('Quarterly Report');
  });

  it('a DOCX written by a library keeps its headings, bullets, table, emphasis and hyperlink', async () => {
    const content = await extractUrl(site.url('/review.docx'), options);
    expect(content.markdown).toBe(
      '# Annual Review\n\nThe review covers every team and links to the [full report](https://example.com/full-report). **Growth was steady.**\n\n## Results\n\n- Revenue rose in all regions\n- Costs fell for the third year\n\n| Region | Revenue |\n| --- | --- |\n| North | 120 |',
    );
    expect(content.blocks?.map((b) => b.type)).toEqual(['heading', 'paragraph', 'heading', 'list_item', 'list_item', 'table']);
    expect(content.links).toEqual(['https://example.com/full-report']);
  });

  it('plain text becomes paragraphs; markdown is passed through as is', async () => {
    const text = await extractUrl(site.url('/notes.txt'), options);
    expect(text.blocks?.map((b) => b.type)).toEqual(['paragraph', 'paragraph']);
    expect(text.markdown).toContain('Second paragraph');
    const markdown = await extractUrl(site.url('/readme.md'), options);
    expect(markdown.markdown).toBe('# Read Me\n\nSome *markdown* text.\n\n- one\n- two');
    expect(markdown.blocks?.map((b) => b.type)).toEqual(['heading', 'paragraph', 'list_item', 'list_item']);
  });

  it('any other type stays no_content and names the type', async () => {
    const { code, message } = await failure(extractUrl(site.url('/photo.png'), options));
    expect(code).toBe('no_content');
    expect(message).toContain('image/png');
  });
});

describe('documents on the extraction threads', () => {
  it('parses PDFs and DOCX files on the piscina pool, errors crossing the thread boundary as codes', async () => {
    const script = fileURLToPath(new URL('../fixtures/document-thread-check.ts', import.meta.url));
    const urls = ['/article.pdf', '/report.docx', '/locked.pdf', '/long.pdf'].map((p) => site.url(p));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script, ...urls], { timeout: 90_000 });
    const report = JSON.parse(stdout.trim().split('\n').pop() ?? '{}');
    expect(report.results[0]).toMatch(/^# Printed Article/);
    expect(report.results[1]).toMatch(/^# Quarterly Report/);
    expect(report.results.slice(2)).toEqual(['error:no_content', 'error:document_too_large']);
    expect(report.parsedOnMainThread).toBe(false);
  }, 120_000);
});

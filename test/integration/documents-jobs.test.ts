import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proKey, startStack, type Stack } from '../support/stack.js';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { apiClient, finishedJob } from '../support/api.js';
import { sampleDocx, textPdf } from '../support/documents.js';

/**
 * Documents inside jobs (issue 19): a bulk job reads PDF, DOCX and text URLs as pages, and a crawl follows
 * same-site links to documents only with `include_documents: true` — through the real API, Temporal
 * workflows and the extraction threads, against a loopback site.
 */

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const article = (title: string, links: string[]) =>
  `<!doctype html><html><head><title>${title}</title></head><body><article><h1>${title}</h1>${Array.from({ length: 4 }, (_, i) => `<p>${title} paragraph ${i + 1}: the reports of this site are documents, and a crawl may read them as pages when asked.</p>`).join('')}
<p>${links.map((href, i) => `<a href="${href}">document ${i}</a>`).join(' ')}</p></article></body></html>`;

let stack: Stack;
let site: FixtureServer;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  site = await startFixtureServer({
    '/': { body: article('Reports', ['/report.pdf', '/minutes.docx', '/readme.txt', '/logo.png', '/page']) },
    '/page': { body: article('A page', []) },
    '/report.pdf': { headers: { 'content-type': 'application/pdf' }, body: textPdf(['Annual report first page: revenue grew in every region.', 'Annual report second page: the outlook stays bright.']) },
    '/minutes.docx': { headers: { 'content-type': DOCX }, body: sampleDocx() },
    '/readme.txt': { headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'Read me first.\n\nThis site publishes its reports as files.' },
    '/logo.png': { headers: { 'content-type': 'image/png' }, body: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  });
  stack = await startStack({ CRAWL_DELAY_MS: '0', CRAWL_CONCURRENCY: '2' });
  api = apiClient(stack.baseUrl);
});

afterAll(async () => {
  await stack?.stop();
  await site?.close();
});

type Entry = { url: string; markdown?: string; metadata?: { pages?: number; title?: string | null }; error?: string; error_code?: string };

async function finished(kind: 'bulk' | 'crawl', key: string, body: object): Promise<{ final: Record<string, unknown>; byUrl: Map<string, Entry> }> {
  const { job, byUrl } = await finishedJob<Entry>(api, kind, key, body, 60_000);
  return { final: job, byUrl };
}

describe('documents in jobs', () => {
  it('a bulk job reads PDF, DOCX and text URLs as pages, and names the type of what it cannot read', async () => {
    const key = await proKey(stack, api);
    const urls = ['/report.pdf', '/minutes.docx', '/readme.txt', '/logo.png'].map((path) => site.url(path));
    const { final, byUrl } = await finished('bulk', key, { urls });
    expect(final.status).toBe('done');
    const pdf = byUrl.get(site.url('/report.pdf'))!;
    expect(pdf.error_code).toBeUndefined();
    expect(pdf.markdown).toContain('revenue grew in every region');
    expect(pdf.markdown).toContain('the outlook stays bright');
    expect(pdf.metadata?.pages).toBe(2);
    expect(byUrl.get(site.url('/minutes.docx'))!.markdown).toMatch(/# Quarterly Report[\s\S]*## Highlights[\s\S]*- First highlight of the quarter/);
    expect(byUrl.get(site.url('/readme.txt'))!.markdown).toContain('This site publishes its reports as files.');
    const png = byUrl.get(site.url('/logo.png'))!;
    expect(png.error_code).toBe('no_content');
    expect(png.error).toContain('image/png');
  });

  it('a crawl skips links to files by default, and follows same-site documents with include_documents: true', async () => {
    const key = await proKey(stack, api);
    const imageReads = site.hits.get('/logo.png') ?? 0;
    const plain = await finished('crawl', key, { url: site.url('/'), depth: 1 });
    // Links to .txt and .md files were never among the file extensions a crawl skips: they are read (as text now).
    expect([...plain.byUrl.keys()].sort()).toEqual([site.url('/'), site.url('/page'), site.url('/readme.txt')].sort());
    expect(plain.byUrl.get(site.url('/readme.txt'))!.markdown).toContain('Read me first.');

    const withDocuments = await finished('crawl', key, { url: site.url('/'), depth: 1, include_documents: true });
    expect(withDocuments.final).toMatchObject({ status: 'done', truncated: false });
    // PDF and DOCX links too; an image link is still not followed.
    expect([...withDocuments.byUrl.keys()].sort()).toEqual(['/', '/page', '/report.pdf', '/minutes.docx', '/readme.txt'].map((path) => site.url(path)).sort());
    expect(withDocuments.byUrl.get(site.url('/report.pdf'))!.markdown).toContain('Annual report first page');
    expect(withDocuments.byUrl.get(site.url('/minutes.docx'))!.markdown).toContain('Revenue grew in every region this quarter');
    expect(site.hits.get('/logo.png') ?? 0).toBe(imageReads);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractUrl } from '../../src/extraction/index.js';
import { fetchPage, type FetchOptions } from '../../src/net/safe-fetch.js';
import { ExtractionError } from '../../src/contract/extraction-error.js';
import { articlePage, startFixtureServer, type FixtureServer } from '../support/fixture-server.js';

/** windows-1251 bytes of ASCII + basic Cyrillic (А–я map to 0xC0–0xFF). */
function windows1251(text: string): Buffer {
  return Buffer.from([...text].map((c) => {
    const code = c.charCodeAt(0);
    if (code < 128) return code;
    if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
    if (code === 0xa9) return 0xa9; // ©
    throw new Error(`no windows-1251 byte for ${c}`);
  }));
}

const words = (n: number) => Array.from({ length: n }, (_, i) => `Sentence ${i} of a real article about extraction quality and careful fetching.`);
const options: FetchOptions = { allowPrivate: true, timeoutMs: 3000, maxBytes: 1_000_000, userAgent: 'Pith/test (+http://localhost)' };

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (err) {
    if (err instanceof ExtractionError) return err.code;
    throw err;
  }
}

let site: FixtureServer;
let secret: FixtureServer;
let seenUserAgent = '';

beforeAll(async () => {
  const article = articlePage('Fetched article', words(8));
  site = await startFixtureServer({
    '/article': { body: article },
    '/gzip': { body: gzipSync(article), headers: { 'content-encoding': 'gzip' } },
    '/brotli': { body: brotliCompressSync(article), headers: { 'content-encoding': 'br' } },
    '/cp1251': {
      body: windows1251(articlePage('Статья', ['Привет, мир! Это русский текст, который должен прийти правильно. '.repeat(5)])),
      headers: { 'content-type': 'text/html; charset=windows-1251' },
    },
    '/latin1': {
      // “Quoted” – a dash: Windows-1252's bytes 0x93, 0x94 and 0x96, under the label most such pages send.
      body: Buffer.from(articlePage('Zitat', ['\x93Ich bin Du\x94 \x96 und Du bist ich, sagte er im Caf\xe9. '.repeat(5)]), 'latin1'),
      headers: { 'content-type': 'text/html; charset=iso-8859-1' },
    },
    '/guarded': { body: article },
    '/server-error': { status: 503, body: 'down' },
    '/not-found': { status: 404, body: 'missing' },
    '/slow': { delayMs: 2500, body: article },
    '/pdf': { headers: { 'content-type': 'application/pdf' }, body: '%PDF-1.4' },
    '/empty': { body: '<html><body><nav><a href="/">Home</a></nav></body></html>' },
    '/loop': { status: 302, headers: { location: '/loop' } },
    '/big': { body: 'x'.repeat(2_000_000) },
    '/to-article': { status: 301, headers: { location: '/article' } },
  });
  secret = await startFixtureServer({ '/secret': { body: articlePage('Secret', words(8)) } });
});

afterAll(async () => {
  await site?.close();
  await secret?.close();
});

describe('fetching (undici) and its error codes', () => {
  it('extracts a page, following a redirect, with the Pith user agent', async () => {
    const server = http.createServer((req, res) => {
      seenUserAgent = req.headers['user-agent'] ?? '';
      res.writeHead(200, { 'content-type': 'text/html' }).end(articlePage('UA page', words(8)));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    await extractUrl(`http://127.0.0.1:${port}/`, options);
    server.close();
    expect(seenUserAgent).toBe('Pith/test (+http://localhost)');
    const content = await extractUrl(site.url('/to-article'), options);
    expect(content.markdown).toContain('Sentence 3 of a real article');
  });

  it.each(['/gzip', '/brotli'])('decodes a %s-compressed body', async (path) => {
    const content = await extractUrl(site.url(path), options);
    expect(content.markdown).toContain('Sentence 5 of a real article');
  });

  it('decodes a non-UTF-8 page by its declared charset', async () => {
    // The fixture is sent as windows-1251 bytes; read as UTF-8 they would be replacement characters.
    const page = await fetchPage(site.url('/cp1251'), options);
    expect(page.headerCharset).toBe('windows-1251');
    const content = await extractUrl(site.url('/cp1251'), options);
    expect(content.markdown).toContain('Привет, мир! Это русский текст, который должен прийти правильно.');
  });

  it('reads a page labelled ISO-8859-1 as Windows-1252, its quotes and dashes included', async () => {
    // The encoding standard maps the label to Windows-1252; Node 20's decoder gave control codes for 0x80–0x9F.
    const content = await extractUrl(site.url('/latin1'), options);
    expect(content.markdown).toContain('“Ich bin Du” – und Du bist ich, sagte er im Café.');
    expect(content.markdown).not.toMatch(/[\u0080-\u009f]/);
  });

  it('maps each failure to its contract code', async () => {
    expect(await codeOf(extractUrl(site.url('/server-error'), options))).toBe('target_http_error');
    expect(await codeOf(extractUrl(site.url('/not-found'), options))).toBe('target_http_error');
    expect(await codeOf(extractUrl(site.url('/slow'), { ...options, timeoutMs: 1000 }))).toBe('target_timeout');
    expect(await codeOf(extractUrl(site.url('/pdf'), options))).toBe('no_content');
    expect(await codeOf(extractUrl(site.url('/empty'), options))).toBe('no_content');
    expect(await codeOf(extractUrl(site.url('/loop'), options))).toBe('fetch_failed');
    expect(await codeOf(extractUrl(site.url('/big'), options))).toBe('fetch_failed');
    expect(await codeOf(extractUrl('http://127.0.0.1:1/refused', options))).toBe('fetch_failed');
    expect(await codeOf(extractUrl('http://no-such-host.invalid/', options))).toBe('fetch_failed');
  });

  it('keeps the HTTP status in the target_http_error message', async () => {
    await expect(extractUrl(site.url('/server-error'), options)).rejects.toThrow(/503/);
  });
});

describe('SSRF guard on real connections', () => {
  it('refuses loopback by name, by literal and through DNS when private targets are not allowed', async () => {
    const strict = { ...options, allowPrivate: false };
    expect(await codeOf(fetchPage(site.url('/guarded'), strict))).toBe('unsafe_url');
    expect(await codeOf(fetchPage(site.url('/guarded').replace('127.0.0.1', 'localhost'), strict))).toBe('unsafe_url');
    // `localhost.` escapes the name check and goes to DNS, whose answer (127.0.0.1) the connection guard refuses.
    expect(await codeOf(fetchPage(site.url('/guarded').replace('127.0.0.1', 'localhost.'), strict))).toBe('unsafe_url');
    expect(site.hits.get('/guarded') ?? 0).toBe(0);
  });

  it('re-checks every redirect hop: a permitted page cannot redirect the fetcher to a refused address', async () => {
    const secretUrl = secret.url('/secret').replace('127.0.0.1', '127.0.0.2');
    const redirector = await startFixtureServer({ '/hop': { status: 302, headers: { location: secretUrl } } });
    const onlyFirstOrigin = (address: string) => address === '127.0.0.1';
    // The secret server listens on 127.0.0.1 only; 127.0.0.2 would not even reach it — the guard must refuse first.
    expect(await codeOf(fetchPage(redirector.url('/hop'), { ...options, allowPrivate: false, addressPolicy: onlyFirstOrigin }))).toBe('unsafe_url');
    expect(redirector.hits.get('/hop')).toBe(1);
    expect(secret.hits.get('/secret') ?? 0).toBe(0);
    await redirector.close();
  });
});

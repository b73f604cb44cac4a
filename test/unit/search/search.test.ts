import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../../src/config/config.js';
import type { Db } from '../../../src/db/prisma.js';
import { markdownToPlainText, plainSnippet } from '../../../src/search/plain-text.js';
import { indexPage, indexPageQuietly, MAX_INDEXED_CHARS, searchDocumentText } from '../../../src/search/index-page.js';
import { splitLocalQuery } from '../../../src/search/local-query.js';
import { HitCollector } from '../../../src/search/hit-collector.js';
import { boundedMap } from '../../../src/search/bounded-map.js';
import { createSearchProvider } from '../../../src/search/create-provider.js';

const configError = (env: Record<string, string>): string => {
  try {
    parseConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
};

describe('search configuration', () => {
  it('defaults to the local index, kept 24 hours, with Brave at its public address', () => {
    const cfg = parseConfig({});
    expect(cfg).toMatchObject({
      SEARCH_PROVIDER: 'local',
      SEARCH_INDEX_RETENTION_HOURS: 24,
      SEARCH_TIMEOUT_MS: 10_000,
      SEARCH_EXTRACT_CONCURRENCY: 4,
      BRAVE_API_URL: 'https://api.search.brave.com/res/v1/web/search',
    });
    expect(createSearchProvider(cfg, {} as Db).name).toBe('local');
  });

  it('refuses to start a web provider without its address or key', () => {
    expect(configError({ SEARCH_PROVIDER: 'searxng' })).toMatch(/SEARXNG_URL: required when SEARCH_PROVIDER=searxng/);
    expect(configError({ SEARCH_PROVIDER: 'brave' })).toMatch(/BRAVE_API_KEY: required when SEARCH_PROVIDER=brave/);
    expect(configError({ SEARCH_PROVIDER: 'google' })).toMatch(/SEARCH_PROVIDER/);
    expect(configError({ SEARXNG_URL: 'ftp://searx.local' })).toMatch(/SEARXNG_URL: must be an http\(s\) URL/);
    expect(configError({ SEARCH_INDEX_RETENTION_HOURS: '-1' })).toMatch(/SEARCH_INDEX_RETENTION_HOURS/);
    expect(createSearchProvider(parseConfig({ SEARCH_PROVIDER: 'searxng', SEARXNG_URL: 'http://searx:8080' }), {} as Db).name).toBe('searxng');
    expect(createSearchProvider(parseConfig({ SEARCH_PROVIDER: 'brave', BRAVE_API_KEY: 'k' }), {} as Db).name).toBe('brave');
  });
});

describe('plain text for snippets and the index', () => {
  it('strips markup from provider snippets and decodes entities', () => {
    expect(plainSnippet('Learn <strong>Rust</strong> &amp; it&#x27;s &quot;ownership&quot;&nbsp;model &#8212; fast')).toBe('Learn Rust & it\'s "ownership" model — fast');
    expect(plainSnippet('  <b></b>  ')).toBeNull();
    expect(plainSnippet(undefined)).toBeNull();
    expect(plainSnippet('&bogus; stays')).toBe('&bogus; stays');
  });

  it('turns markdown into readable text: link and image targets, emphasis and block markers go', () => {
    const markdown = [
      '# Baking _Sourdough_',
      '',
      'A [starter](https://example.com/starter "the starter") is **alive**. ![A loaf](https://example.com/loaf.jpg)',
      '',
      '- flour',
      '1. water',
      '> quote here',
      '',
      '| Step | Time |',
      '| --- | --- |',
      '| Mix | 5 min |',
      '',
      '```python',
      'print("knead", snake_case)',
      '```',
    ].join('\n');
    const text = markdownToPlainText(markdown);
    expect(text.split('\n')[0]).toBe('Baking Sourdough');
    expect(text).toContain('A starter is alive. A loaf');
    expect(text).not.toMatch(/https?:|\]\(|^#|^- |^> |---|```/m);
    expect(text).toContain('flour\nwater\nquote here');
    expect(text).toContain('Mix 5 min');
    expect(markdownToPlainText('Call my\\_function\\(\\) in step 1\\. of \\*all\\* cases')).toBe('Call my_function() in step 1. of *all* cases');
    expect(text).toContain('print("knead", snake_case)');
  });
});

describe('what gets indexed', () => {
  const metadata = { title: 'Comets', author: null, date: null, url: null, retrieved_at: '2024-01-01T00:00:00Z', robots_allowed: null };

  it('takes the title from the metadata, else the first heading, and the text from markdown, blocks or chunks', () => {
    expect(searchDocumentText({ markdown: '# Heading\n\nA [tail](https://x.test) of gas.', metadata })).toEqual({ title: 'Comets', body: 'Heading\nA tail of gas.' });
    expect(searchDocumentText({ markdown: 'Intro\n\n## Second level\n\ntext' })?.title).toBe('Second level');
    expect(searchDocumentText({ blocks: [{ type: 'heading', text: 'Block title', level: 1 }, { type: 'paragraph', text: 'Body.', level: 0 }] })).toEqual({ title: 'Block title', body: 'Block title\nBody.' });
    expect(searchDocumentText({ chunks: [{ text: 'chunk one', start_token: 0, end_token: 2 }] })).toEqual({ title: null, body: 'chunk one' });
    expect(searchDocumentText({ links: ['https://x.test'] })).toBeNull();
    expect(searchDocumentText({ markdown: 'x'.repeat(MAX_INDEXED_CHARS + 10) })!.body).toHaveLength(MAX_INDEXED_CHARS);
  });

  it('never lets an indexing failure reach the extraction, and indexes nothing with retention 0', async () => {
    let calls = 0;
    const failing = { $queryRawUnsafe: () => { calls++; return Promise.reject(new Error('relation "search_documents" does not exist')); } } as unknown as Db;
    const cfg = parseConfig({ LOG_LEVEL: 'silent' });
    await expect(indexPageQuietly(failing, cfg, { accountId: '00000000-0000-0000-0000-000000000000' }, 'https://x.test/', { markdown: 'text' })).resolves.toBeUndefined();
    expect(calls).toBe(1);
    expect(await indexPage(failing, parseConfig({ SEARCH_INDEX_RETENTION_HOURS: '0' }), { jobId: 'j' }, 'https://x.test/', { markdown: 'text' })).toBe(false);
    expect(await indexPage(failing, cfg, { jobId: 'j' }, `https://x.test/${'a'.repeat(2100)}`, { markdown: 'text' })).toBe(false);
    expect(calls).toBe(1);
  });
});

describe('local query tiers', () => {
  it('keeps the included words for the any-word tier and collects exclusions', () => {
    expect(splitLocalQuery('how do eruptions happen')).toEqual({ anyWord: 'how or do or eruptions or happen', excluded: '' });
    expect(splitLocalQuery('volcano -iceland -"hot springs" or lava')).toEqual({ anyWord: 'volcano or lava', excluded: 'iceland or "hot springs"' });
    expect(splitLocalQuery('"exact phrase" well-known')).toEqual({ anyWord: 'exact or phrase or well or known', excluded: '' });
    expect(splitLocalQuery('--- ---')).toEqual({ anyWord: '', excluded: '-- or --' });
  });
});

describe('helpers', () => {
  it('collects each URL once, up to the limit', () => {
    const collector = new HitCollector(3);
    const hit = (n: number) => ({ url: `https://x.test/${n}`, title: null, snippet: null });
    expect(collector.add([hit(1), hit(2), hit(1)])).toBe(2);
    expect(collector.add([hit(2)])).toBe(0);
    expect(collector.add([hit(3), hit(4)])).toBe(1);
    expect(collector.full).toBe(true);
    expect(collector.hits.map((h) => h.url)).toEqual([hit(1), hit(2), hit(3)].map((h) => h.url));
  });

  it('maps with bounded concurrency and keeps the order', async () => {
    let inFlight = 0;
    let peak = 0;
    const out = await boundedMap([30, 10, 20, 5, 15], 2, async (ms, index) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, ms));
      inFlight--;
      return index * 10;
    });
    expect(out).toEqual([0, 10, 20, 30, 40]);
    expect(peak).toBe(2);
  });
});

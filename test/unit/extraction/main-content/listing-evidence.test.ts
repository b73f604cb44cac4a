import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../../src/extraction/dom/dom.js';
import { looksLikeArticleAddress, looksLikeIndexPage, looksLikeStoryInFolder, readPageSigns } from '../../../../src/extraction/main-content/listing-evidence.js';
import { collectTextStats } from '../../../../src/extraction/main-content/text-stats.js';
import { extract, OG_ARTICLE, paragraphs } from './fixtures.js';

const teasers = (count: number): string =>
  Array.from(
    { length: count },
    (_, i) => `<article class="post-card"><h2><a href="/post-${i}">Teaser headline number ${i}</a></h2><p>Short summary ${i} of a post on this blog.</p></article>`,
  ).join('');

describe('index pages that declare og:type=article', () => {
  it('keeps every teaser when cards, <article>s and pagination agree', () => {
    const body = `<main><h1>Blog</h1><div class="grid">${teasers(8)}</div><a rel="next" href="/blog/page/2">Older posts</a></main>`;
    const document = parseDocument(`<html><body>${body}</body></html>`) as unknown as Document;
    const main = document.querySelector('main')!;
    expect(looksLikeIndexPage(main, collectTextStats(main), readPageSigns(document), true)).toBe(true);
    const text = extract(body, 'https://example.com/blog/', OG_ARTICLE);
    for (let i = 0; i < 8; i++) expect(text).toContain(`Short summary ${i}`);
  });

  it('needs three signs: repeated cards alone do not make an index', () => {
    const body = `<div class="grid">${teasers(5).replace(/article/g, 'div')}</div>`;
    const document = parseDocument(`<html><body>${body}</body></html>`) as unknown as Document;
    const root = document.body;
    expect(looksLikeIndexPage(root, collectTextStats(root), { paginated: false, articles: 0 }, true)).toBe(false);
    expect(looksLikeIndexPage(root, collectTextStats(root), readPageSigns(document), true)).toBe(false);
  });

  it('never reads a page with several long paragraphs as an index', () => {
    const document = parseDocument(`<html><body><div>${paragraphs('rivers', 5)}${teasers(5)}</div></body></html>`) as unknown as Document;
    const root = document.body;
    expect(looksLikeIndexPage(root, collectTextStats(root), { paginated: true, articles: 5 }, true)).toBe(false);
  });

  it('finds pagination from rel=next or ?page= links', () => {
    const byRel = parseDocument('<html><head><link rel="next" href="/p2"></head><body></body></html>') as unknown as Document;
    const byQuery = parseDocument('<html><body><a href="/news?page=3">3</a></body></html>') as unknown as Document;
    const none = parseDocument('<html><body><a href="/news/today">today</a></body></html>') as unknown as Document;
    expect(readPageSigns(byRel).paginated).toBe(true);
    expect(readPageSigns(byQuery).paginated).toBe(true);
    expect(readPageSigns(none).paginated).toBe(false);
  });

  it('treats dated, numbered or long-slug addresses as one story', () => {
    expect(looksLikeArticleAddress('https://example.com/2019/11/a-story/')).toBe(true);
    expect(looksLikeArticleAddress('https://example.com/news/some-story-608399')).toBe(true);
    expect(looksLikeArticleAddress('https://example.com/is-the-new-console-worth-it-reviews')).toBe(true);
    expect(looksLikeArticleAddress('https://example.com/recipes/air-fryer-recipes')).toBe(false);
    expect(looksLikeArticleAddress('https://example.com/blog/')).toBe(false);
  });
});

describe('looksLikeStoryInFolder', () => {
  it('reads a slug of three or more words under a news, blog or articles folder as a story', () => {
    expect(looksLikeStoryInFolder('https://x.example/news/housing-market-predictions-2026/')).toBe(true);
    expect(looksLikeStoryInFolder('https://x.example/resources/home/articles/home-insurance-tips')).toBe(true);
    expect(looksLikeStoryInFolder('https://x.example/news/technology')).toBe(false);
    expect(looksLikeStoryInFolder('https://x.example/training/marathon-training/')).toBe(false);
  });
});

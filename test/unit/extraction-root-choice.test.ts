import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/extraction/dom.js';
import { findMainContent } from '../../src/extraction/main-content/index.js';
import { looksLikeArticleAddress, looksLikeIndexPage, readPageSigns } from '../../src/extraction/main-content/listing-evidence.js';
import { collectTextStats } from '../../src/extraction/main-content/text-stats.js';
import { plainText } from '../../src/extraction/text.js';

const sentence = (topic: string, n: number): string =>
  `This is sentence ${n} about ${topic}, written long enough to read as real prose with several clauses and details.`;
const paragraphs = (topic: string, count: number): string =>
  Array.from({ length: count }, (_, i) => `<p>${sentence(topic, i)} ${sentence(topic, i + 100)}</p>`).join('');

function extract(head: string, body: string, url: string): string {
  const main = findMainContent(parseDocument(`<!doctype html><html><head><title>T</title>${head}</head><body>${body}</body></html>`), url);
  return main ? plainText(main.root) : '';
}

const ogArticle = '<meta property="og:type" content="article">';
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
    const text = extract(ogArticle, body, 'https://example.com/blog/');
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

describe('a content root that is the whole <body>', () => {
  it("falls back to Readability's pick on a page declaring nothing, dropping the menus our root kept", () => {
    // Menus without <nav> or class names that boilerplate removal knows hold ~40% of the text, so
    // no child of <body> dominates and our root is the whole page.
    const menu = (name: string): string =>
      `<ul class="top">${Array.from({ length: 12 }, (_, i) => `<li>${name} entry ${i} with a label</li>`).join('')}</ul>`;
    const body = `${menu('Upper')}<div class="wrap"><div class="story"><h1>Story</h1>${paragraphs('rivers', 6)}</div></div>${menu('Lower')}<div class="extra">${menu('Side')}</div>`;
    const text = extract('', body, 'https://example.com/columnists/royal');
    expect(text).toContain('sentence 5 about rivers');
    expect(text).not.toContain('Upper entry 3');
  });
});

describe('product pages', () => {
  it('drops customer reviews, which are long prose but not the product description', () => {
    const reviews = Array.from(
      { length: 4 },
      (_, i) => `<div itemprop="review"><p>${sentence(`review${i}`, i)} ${sentence(`review${i}`, i + 50)}</p></div>`,
    ).join('');
    const body = `<main><h1>Trail Pack 25</h1><div itemprop="description">${paragraphs('the pack', 3)}</div>
      <section class="product-reviews"><h2>Customer reviews</h2>${reviews}</section></main>`;
    const text = extract('<meta property="og:type" content="product">', body, 'https://shop.example.com/product/123/trail-pack');
    expect(text).toContain('sentence 2 about the pack');
    expect(text).not.toContain('about review1');
  });

  it('keeps reviews on pages that are not products', () => {
    const body = `<main><h1>Reviews of trail packs</h1><div class="reviews">${paragraphs('reviewed packs', 4)}</div></main>`;
    expect(extract('', body, 'https://example.com/trail-packs')).toContain('about reviewed packs');
  });
});

import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/extraction/dom.js';
import { findMainContent } from '../../src/extraction/main-content/index.js';
import { microdataArticle } from '../../src/extraction/main-content/article-scope.js';
import { plainText } from '../../src/extraction/text.js';

const prose = (topic: string, count: number): string =>
  Array.from({ length: count }, (_, i) => `<p>Sentence ${i} about ${topic}, long enough to read as real prose, with clauses, details and a full stop at the end of it. ${`More words about ${topic}. `.repeat(3)}</p>`).join('');

const page = (body: string): Document =>
  parseDocument(`<!doctype html><html><head><title>T</title><meta property="og:type" content="article"></head><body>${body}</body></html>`) as unknown as Document;

const teasers = Array.from({ length: 5 }, (_, i) => `<article class="postbox"><h2><a href="/other-${i}">Other post ${i}</a></h2>${prose(`other story ${i}`, 2)}</article>`).join('');

describe('microdata article scope', () => {
  it('keeps only the one BlogPosting that holds the title, not the long teasers of other posts after it', () => {
    const document = page(`<main><article itemscope itemtype="http://schema.org/BlogPosting"><h1>Only those who love themselves</h1>${prose('love', 2)}</article>
      <section><h3>You may like</h3>${teasers}</section></main>`);
    const main = findMainContent(document as never, 'https://blog.example.com/only-those');
    const text = plainText(main!.root);
    expect(text).toContain('Sentence 0 about love');
    expect(text).not.toContain('other story');
  });

  it('says nothing when several articles are typed (an index of teasers) or the typed element is only a headline', () => {
    const index = page(`<h1>Blog</h1>${Array.from({ length: 3 }, (_, i) => `<article itemscope itemtype="https://schema.org/BlogPosting"><h2>Post ${i}</h2>${prose(`post ${i}`, 1)}</article>`).join('')}`);
    expect(microdataArticle(index.body)).toBeNull();
    const headerOnly = page(`<header itemscope itemtype="https://schema.org/NewsArticle"><h1>Headline</h1></header>${prose('the news', 3)}`);
    expect(microdataArticle(headerOnly.body)).toBeNull();
    const untitled = page(`<div itemscope itemtype="https://schema.org/Article">${prose('a sidebar story', 3)}</div><h1>The page title</h1>${prose('the news', 3)}`);
    expect(microdataArticle(untitled.body)).toBeNull();
  });

  it('finds the typed article holding the title', () => {
    const document = page(`<div itemscope itemtype="https://schema.org/NewsArticle"><h1>Headline</h1>${prose('the news', 2)}</div>`);
    expect(microdataArticle(document.body)?.getAttribute('itemtype')).toBe('https://schema.org/NewsArticle');
  });
});

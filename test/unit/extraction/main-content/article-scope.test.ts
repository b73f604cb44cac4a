import { describe, expect, it } from 'vitest';
import { articleScope } from '../../../../src/extraction/main-content/article-scope.js';
import { mainText, OG_ARTICLE, pageOf, prose } from './fixtures.js';

const page = (body: string): Document => pageOf(body, OG_ARTICLE);

const teasers = Array.from({ length: 5 }, (_, i) => `<article class="postbox"><h2><a href="/other-${i}">Other post ${i}</a></h2>${prose(`other story ${i}`, 2)}</article>`).join('');

describe('microdata article scope', () => {
  it('keeps only the one BlogPosting that holds the title, not the long teasers of other posts after it', () => {
    const document = page(`<main><article itemscope itemtype="http://schema.org/BlogPosting"><h1>Only those who love themselves</h1>${prose('love', 2)}</article>
      <section><h3>You may like</h3>${teasers}</section></main>`);
    const text = mainText(document, 'https://blog.example.com/only-those');
    expect(text).toContain('Sentence 0 about love');
    expect(text).not.toContain('other story');
  });

  it('says nothing when several articles are typed (an index of teasers) or the typed element is only a headline', () => {
    const index = page(`<h1>Blog</h1>${Array.from({ length: 3 }, (_, i) => `<article itemscope itemtype="https://schema.org/BlogPosting"><h2>Post ${i}</h2>${prose(`post ${i}`, 1)}</article>`).join('')}`);
    expect(articleScope(index.body)).toBeNull();
    const headerOnly = page(`<header itemscope itemtype="https://schema.org/NewsArticle"><h1>Headline</h1></header>${prose('the news', 3)}`);
    expect(articleScope(headerOnly.body)).toBeNull();
    const untitled = page(`<div itemscope itemtype="https://schema.org/Article">${prose('a sidebar story', 3)}</div><h1>The page title</h1>${prose('the news', 3)}`);
    expect(articleScope(untitled.body)).toBeNull();
  });

  it('finds the typed article holding the title', () => {
    const document = page(`<div itemscope itemtype="https://schema.org/NewsArticle"><h1>Headline</h1>${prose('the news', 2)}</div>`);
    expect(articleScope(document.body)?.getAttribute('itemtype')).toBe('https://schema.org/NewsArticle');
  });

  it('keeps the one typed story that holds several times the text of each typed teaser beside it, its headline above it', () => {
    const typedTeasers = Array.from(
      { length: 6 },
      (_, i) => `<article itemtype="http://schema.org/Article"><h1><a href="/story-${i}">Teaser ${i}</a></h1><p>A short teaser for story ${i}.</p></article>`,
    ).join('');
    const document = page(`<header><h1>The early reviews are here</h1></header>
      <article class="single-story" itemtype="http://schema.org/Article">${prose('the reviews', 4)}</article>
      <section role="main">${typedTeasers}</section>`);
    expect(articleScope(document.body)?.getAttribute('class')).toBe('single-story');
    const text = mainText(document, 'https://news.example/2019/early-reviews');
    expect(text).toContain('Sentence 3 about the reviews');
    expect(text).not.toContain('A short teaser');
    // Stories of like length: an index, where the marks say nothing.
    const index = page(`<h1>Blog</h1>${Array.from({ length: 3 }, (_, i) => `<article itemtype="https://schema.org/BlogPosting"><h2>Post ${i}</h2>${prose(`post ${i}`, 1 + i)}</article>`).join('')}`);
    expect(articleScope(index.body)).toBeNull();
  });

  it('keeps the bare <article> that holds the title and several times the text of each <article> teaser after it', () => {
    const bareTeasers = Array.from({ length: 6 }, (_, i) => `<article class="article"><div class="categories">Front Page</div><p>Teaser excerpt number ${i} of another story.</p></article>`).join('');
    const document = page(`<main><article class="single-post"><h1>Enrolment now open</h1>${prose('the classes', 4)}</article>
      <section><div>Also in the news</div>${bareTeasers}</section></main>`);
    expect(articleScope(document.body)?.getAttribute('class')).toBe('single-post');
    const text = mainText(document, 'https://news.example/press-release/2025/12/enrolment');
    expect(text).toContain('Sentence 3 about the classes');
    expect(text).not.toContain('Teaser excerpt');
  });

  it('says nothing from a bare <article> that holds only the title and lead while the story runs beside it', () => {
    const lead = '<article id="headline"><h1>The president goes home</h1><p>The president travels to his home region this Wednesday, where he will meet local leaders and open a new hospital wing.</p><p>It is his first visit since taking office, and crowds are expected along the coast road.</p></article>';
    const related = Array.from({ length: 3 }, (_, i) => `<article><a href="/other-${i}">Other story ${i}</a></article>`).join('');
    const document = page(`<section>${lead}<div class="story-body">${prose('the visit', 5)}</div>${related}</section>`);
    expect(articleScope(document.body)).toBeNull();
    expect(mainText(document, 'https://news.example/2022/05/04/president-home.html')).toContain('Sentence 4 about the visit');
  });

  it('says nothing from a lone bare <article>, nor from the longest of several that does not hold the title', () => {
    const lone = page(`<h1>Headline</h1><article>${prose('the body', 3)}</article><p>A table the article element left out.</p>`);
    expect(articleScope(lone.body)).toBeNull();
    const untitled = page(`<h1>Headline</h1><article>${prose('the story', 4)}</article><article><p>A short teaser.</p></article><article><p>Another short teaser.</p></article>`);
    expect(articleScope(untitled.body)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { extractTrendsArticle as extract, occurrences as count, trendParagraphs as paragraphs } from './fixtures.js';

describe('copies of an article body', () => {
  it('drop a <noscript> fallback that repeats the rendered story', () => {
    const story = `<div class="story"><h2>Why trends matter</h2>${paragraphs(6)}</div>`;
    const text = extract(`<main><h1>Plumbing trends</h1>${story}<noscript>${story}</noscript></main>`);
    expect(text).toContain('Trend 6');
    expect(count(text, 'Trend 1:')).toBe(1);
  });

  it('still unwrap a <noscript> that holds the only copy of the content', () => {
    const text = extract(`<main><h1>Plumbing trends</h1><noscript><div class="story">${paragraphs(6)}</div></noscript></main>`);
    expect(count(text, 'Trend 1:')).toBe(1);
  });

  it('unwrap a <noscript> whose only other copy sits in a script template, which is never shown', () => {
    // Blogger's shape (Google's blogs): the post as a <script type="text/template"> a script renders, and a <noscript> copy.
    const story = `<div class="story">${paragraphs(6)}</div>`;
    const text = extract(`<main><h1>Plumbing trends</h1><div class="post-body"><script type="text/template">${story}</script><noscript>${story}</noscript></div></main>`);
    expect(count(text, 'Trend 1:')).toBe(1);
    expect(text).toContain('Trend 6');
  });

  it('read a story whose blocks paste whole HTML documents as one body', () => {
    // Readability climbs from a paragraph's block no higher than a <body>: a nested one walls its pick in.
    const pasted = (inner: string): string => `<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.0 Transitional//EN"><html><body><div class="block"><div class="text">${inner}</div></div></body></html>`;
    const conferences = Array.from({ length: 6 }, (_, i) => `<h2>Conference ${i + 1}</h2><p>Conference ${i + 1} brings vendors, keynotes and hands-on demos of the newest travel and expense tools together, with workshops for every team.</p>`).join('');
    const intro = '<p>From AI planning tools to real-time expense apps, technology is changing how teams travel, meet and plan the year ahead together.</p>';
    const text = extract(`<article><h1>Top conferences</h1><div class="article-content">${pasted(intro)}${pasted(conferences)}</div></article>`);
    expect(text).toContain('From AI planning tools');
    expect(text).toContain('Conference 6 brings');
  });
});

describe("React's streamed server rendering", () => {
  // The shape Next.js's app router sends: a pending boundary's skeleton, and late content in a hidden
  // <div id="S:n"> that an inline script ($RC / $RS) moves into place.
  const skeleton = '<div class="animate-pulse"><div class="h-4 w-32"></div>Loading the guide…</div>';
  const script = (call: string): string => `<script>${call}</script>`;

  it('moves a resolved boundary into its place and drops its loading skeleton', () => {
    const text = extract(
      `<header><h1>Plumbing trends</h1></header><!--$?--><template id="B:0"></template>${skeleton}<!--/$--><footer><p>Footer note</p></footer>` +
        `<div hidden id="S:0"><div class="story">${paragraphs(6)}</div></div>${script('$RC("B:0","S:0")')}`,
    );
    expect(text).toContain('Trend 6');
    expect(text).not.toContain('Loading the guide');
  });

  it('fills a segment placeholder, nested segments included, in document order', () => {
    const text = extract(
      `<main><h1>Plumbing trends</h1><template id="P:1"></template></main>` +
        `<div hidden id="S:1"><div class="story">${paragraphs(4)}<template id="P:2"></template></div></div>${script('$RS("S:1","P:1")')}` +
        `<div hidden id="S:2"><p>Trend five and six: the last two changes every plumber should plan for, from permits to pricing and beyond.</p></div>${script('$RS("S:2","P:2")')}`,
    );
    expect(text.indexOf('Trend 4')).toBeGreaterThan(-1);
    expect(text.indexOf('Trend five and six')).toBeGreaterThan(text.indexOf('Trend 4'));
  });

  it('keeps a nested boundary inside a fallback balanced: only the fallback goes', () => {
    const text = extract(
      `<main><h1>Plumbing trends</h1><!--$?--><template id="B:3"></template><div>Loading <!--$-->inner fallback<!--/$--> outer</div><!--/$--><p>After the boundary: permits, pricing and the paperwork every plumbing business needs to plan for this year.</p></main>` +
        `<div hidden id="S:3"><div class="story">${paragraphs(5)}</div></div>`,
    );
    expect(text).toContain('Trend 5');
    expect(text).toContain('After the boundary');
    expect(text).not.toContain('inner fallback');
  });

  it('saved without the boundary comments, drops only a loading line right after each template', () => {
    const streamed = [1, 2, 3].map((n) => `<template id="B:${n}"></template><div>Loading paragraph...</div>`).join('');
    const segments = [1, 2, 3, 4].map((n) => `<div hidden id="S:${n}"><p>Trend ${n}: ${'plumbers who plan for permits, pricing and paperwork win more customers. '.repeat(3)}</p></div>`).join('');
    const text = extract(`<main><h1>Plumbing trends</h1>${streamed}<template id="B:4"></template><p>Loading docks need a drain: the one trend every warehouse plumber should plan for this year.</p></main>${segments}`);
    expect(text).toContain('Trend 4:');
    expect(text).not.toContain('Loading paragraph');
    expect(text).toContain('Loading docks need a drain');
  });
});

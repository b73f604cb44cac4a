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

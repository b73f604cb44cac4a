import { describe, expect, it } from 'vitest';
import { removeParkedData } from '../../../../src/extraction/main-content/parked-data.js';
import { bodyOf, extractTrendsArticle, trendParagraphs } from './fixtures.js';

const sites = "{&#x27;en-in&#x27;: &#x27;https://example.com/en-in/&#x27;, &#x27;en-jp&#x27;: &#x27;https://example.com/en-jp/&#x27;, &#x27;x-default&#x27;: &#x27;https://example.com/&#x27;}";
const state = '{"buybox":[{"displayPrice":"EUR 15.49","priceAmount":15.49,"currencySymbol":"EUR"}]}';

describe("a script's data parked in the page as text", () => {
  it('goes, written with either quotes, its character references read', () => {
    const body = bodyOf(`<div>${trendParagraphs(3)}<div><span class="allSubDir">${sites}</span></div><p>${state}</p></div>`);
    removeParkedData(body);
    const text = body.textContent ?? '';
    expect(text).not.toMatch(/en-in|displayPrice/);
    expect(text).toContain('Trend 3');
  });

  it('stays in code, as an aside in braces, and where it is most of the content', () => {
    const kept = bodyOf(`<div>${trendParagraphs(3)}<pre><code>${state}</code></pre><p>{"a": 1} is one pair, as the manual says.</p></div>`);
    removeParkedData(kept);
    expect(kept.textContent).toContain('displayPrice');
    expect(kept.textContent).toContain('is one pair');
    const grid = bodyOf(`<div><h2>Deals</h2><p>${state}</p></div>`);
    removeParkedData(grid);
    expect(grid.textContent).toContain('displayPrice');
  });

  it('goes in the whole pipeline', () => {
    const text = extractTrendsArticle(`<article><h1>Plumbing trends</h1>${trendParagraphs(6)}<p>${state}</p></article>`);
    expect(text).toContain('Trend 6');
    expect(text).not.toContain('displayPrice');
  });
});

import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../../src/extraction/dom/dom.js';
import { collapsedLength } from '../../../../src/extraction/dom/dom-walk.js';
import { isFacetPanel } from '../../../../src/extraction/main-content/facets.js';
import { extract, runningShoeGrid as products } from './fixtures.js';

describe('filter and sort panels on listing pages', () => {
  it('drops filter and sort panels beside the grid', () => {
    const facets =
      '<div class="plp-filters"><h3>Filter and Sort</h3><ul>' +
      ['Black', 'Grey', 'White', 'Under $75', '$76 - $100', 'Size 8', 'Size 9', 'Size 10'].map((label) => `<li><label>${label} (12)</label></li>`).join('') +
      '</ul></div>';
    const text = extract(`<main><h1>Running shoes</h1>${facets}${products(12)}</main>`, 'https://shop.example/collections/running-shoes');
    expect(text).toContain('Trail Runner Model 11 ');
    expect(text).not.toContain('Filter and Sort');
    expect(text).not.toContain('Under $75');
  });

  it('spares blocks named after filters that are the grid or hold prose', () => {
    const document = parseDocument(
      '<html><body><div id="root">' +
        `<div id="filter_results">${products(12)}</div>` +
        '<div class="card filter-active"><p>A service card whose paragraph is long enough to read as a real description of the offer.</p></div>' +
        '<div class="sort-bar"><a href="?sort=price">Price</a><a href="?sort=new">Newest</a></div>' +
        '</div></body></html>',
    ) as unknown as Document;
    const root = document.getElementById('root')!;
    const total = collapsedLength(root);
    const panel = (selector: string): boolean => isFacetPanel(root.querySelector(selector)!, collapsedLength, total);
    expect(panel('#filter_results')).toBe(false);
    expect(panel('.filter-active')).toBe(false);
    expect(panel('.sort-bar')).toBe(true);
  });
});

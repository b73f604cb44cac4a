import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/extraction/dom.js';
import { findMainContent } from '../../src/extraction/main-content/index.js';
import { isFacetPanel } from '../../src/extraction/main-content/facets.js';
import { collapsedLength } from '../../src/extraction/dom-walk.js';
import { plainText } from '../../src/extraction/text.js';

function extract(body: string, url: string): string {
  // A leading <meta> goes to <head> (an og:type for the page-kind guess).
  const head = body.startsWith('<meta') ? body.slice(0, body.indexOf('>') + 1) : '';
  const rest = body.slice(head.length);
  const main = findMainContent(parseDocument(`<!doctype html><html><head><title>T</title>${head}</head><body>${rest}</body></html>`), url);
  return main ? plainText(main.root) : '';
}

const blurb =
  '<div class="intro"><p>Our running shoes are made for every runner, from the first jog around the block to the last mile of a marathon, with cushioning and support chosen by experts.</p>' +
  '<p>Whatever your stride, you will find a pair here that fits your feet, your pace and your budget, and free returns if it does not.</p>' +
  '<p>Browse road shoes, trail shoes and racing flats from the brands runners trust, with sizes from narrow to extra wide.</p></div>';
const products = (count: number): string =>
  '<ul class="grid">' +
  Array.from(
    { length: count },
    (_, i) => `<li class="tile"><a href="/products/shoe-${i}">Trail Runner Model ${i} Lightweight Cushioned Running Shoe for Men</a></li>`,
  ).join('') +
  '</ul>';

describe('listing pages', () => {
  it("keeps the item grid when Readability's pick is the blurb beside it", () => {
    const text = extract(`<main>${blurb}${products(24)}</main>`, 'https://shop.example/collections/running-shoes');
    expect(text).toContain('Trail Runner Model 0 ');
    expect(text).toContain('Trail Runner Model 23 ');
  });

  it("keeps a list of item links inside Readability's pick on a listing", () => {
    const links = '<ul>' + Array.from({ length: 6 }, (_, i) => `<li><a href="/products/boot-${i}">Hiking boot ${i}</a></li>`).join('') + '</ul>';
    const text = extract(`<main><div class="content">${blurb.replace('</div>', `${links}</div>`)}</div></main>`, 'https://shop.example/collections/boots');
    expect(text).toContain('Hiking boot 5');
  });

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

  it('keeps the lists of a page that is a list of links though it declares an article', () => {
    const intro = '<p>This page lists programming languages by name, from the early days of computing to the languages of today.</p>';
    const list = (letter: string): string =>
      `<h2>${letter}</h2><ul>` + Array.from({ length: 12 }, (_, i) => `<li><a href="/wiki/${letter}${i}">${letter}-language number ${i}</a></li>`).join('') + '</ul>';
    const text = extract(
      `<meta property="og:type" content="article"><article><h1>List of programming languages</h1>${intro}${list('A')}${list('B')}${list('C')}</article>`,
      'https://wiki.example/wiki/List_of_programming_languages',
    );
    expect(text).toContain('A-language number 0');
    expect(text).toContain('C-language number 11');
  });

  it("trusts Readability on a page of like blocks whose root holds an article's body", () => {
    const menu = '<div class="mega">' + Array.from({ length: 200 }, (_, i) => `<div class="col"><a href="/c/${i}">Category link number ${i} in the big menu</a></div>`).join('') + '</div>';
    const story = Array.from({ length: 6 }, (_, i) => `<p>${'Paragraph ' + i + ' of the story, long enough to be read as prose by any reader of this page. '.repeat(3)}</p>`).join('');
    const text = extract(`<div id="page"><div class="post"><h1>How mapping works</h1>${story}</div>${menu}</div>`, 'https://page.invalid/blog-post');
    expect(text).toContain('Paragraph 5 of the story');
    expect(text).not.toContain('Category link number 199');
  });
});

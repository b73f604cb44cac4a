import { describe, expect, it } from 'vitest';
import { extract, paragraphs, sentence } from './fixtures.js';

describe('product pages', () => {
  it('drops customer reviews, which are long prose but not the product description', () => {
    const reviews = Array.from(
      { length: 4 },
      (_, i) => `<div itemprop="review"><p>${sentence(`review${i}`, i)} ${sentence(`review${i}`, i + 50)}</p></div>`,
    ).join('');
    const body = `<main><h1>Trail Pack 25</h1><div itemprop="description">${paragraphs('the pack', 3)}</div>
      <section class="product-reviews"><h2>Customer reviews</h2>${reviews}</section></main>`;
    const text = extract(body, 'https://shop.example.com/product/123/trail-pack', '<meta property="og:type" content="product">');
    expect(text).toContain('sentence 2 about the pack');
    expect(text).not.toContain('about review1');
  });

  it('keeps reviews on pages that are not products', () => {
    const body = `<main><h1>Reviews of trail packs</h1><div class="reviews">${paragraphs('reviewed packs', 4)}</div></main>`;
    expect(extract(body, 'https://example.com/trail-packs')).toContain('about reviewed packs');
  });
});

import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/extraction/dom.js';
import { findMainContent } from '../../src/extraction/main-content/index.js';
import { removeBoilerplate } from '../../src/extraction/main-content/boilerplate.js';
import { cleanContent } from '../../src/extraction/main-content/cleanup.js';
import { plainText } from '../../src/extraction/text.js';

function bodyOf(html: string): Element {
  return parseDocument(`<!doctype html><html><head><title>T</title></head><body>${html}</body></html>`).body as unknown as Element;
}

function extract(body: string, url: string): string {
  const main = findMainContent(parseDocument(`<!doctype html><html><head><title>T</title></head><body>${body}</body></html>`), url);
  return main ? plainText(main.root) : '';
}

describe('shop tiles named "caption"', () => {
  it('keeps a card caption holding the item heading, drops an image caption', () => {
    const body = bodyOf(
      '<ul>' +
        Array.from({ length: 4 }, (_, i) => `<li><div class="product-caption"><h3><a href="/p/${i}">Gear Bag ${i}</a></h3><span class="price">$21.00</span></div></li>`).join('') +
        '</ul><figure><img src="a.jpg" alt=""><div class="wp-caption-text">Photo of the warehouse</div></figure>',
    );
    cleanContent(body, { dropLinkLists: false });
    const text = body.textContent ?? '';
    expect(text).toContain('Gear Bag 3');
    expect(text).not.toContain('Photo of the warehouse');
  });
});

describe('grids wrapped in a "pagination" container', () => {
  it('keeps an infinite-scroll grid named pagination, drops the pager bar', () => {
    const tiles = Array.from({ length: 6 }, (_, i) => `<article><a href="/p/${i}"><h4>Seamless T-Shirt ${i}</h4></a><p>$36</p></article>`).join('');
    const body = bodyOf(
      `<main><h1>T-Shirts</h1><div class="pagination_pagination__x1"><div role="list">${tiles}</div></div>` +
        '<div class="pagination"><a href="?page=1">1</a><a href="?page=2">2</a><a href="?page=2">Next</a></div>' +
        `<div class="story">${'<p>Made in Portugal from organic cotton, washed soft.</p>'.repeat(8)}</div></main>`,
    );
    removeBoilerplate(body, { dropComments: false });
    const text = body.textContent ?? '';
    expect(text).toContain('Seamless T-Shirt 5');
    expect(text).not.toContain('Next');
  });
});

describe('buy boxes on product pages', () => {
  const page = () =>
    bodyOf(
      '<main><h1>Hiking Backpack 40L</h1>' +
        '<form method="post" action="/cart/add" class="form"><span>Size</span><label>Small</label><label>Large</label><span>Only 3 left in stock</span><a class="btn">Add to cart</a></form>' +
        '<div class="description"><p>A roll-top pack for long days on the trail, with a padded back panel.</p></div></main>',
    );

  it('drops the cart form on product pages', () => {
    const body = page();
    removeBoilerplate(body, { dropComments: false, dropBuyForms: true });
    const text = body.textContent ?? '';
    expect(text).not.toContain('Only 3 left in stock');
    expect(text).toContain('roll-top pack');
  });

  it('leaves forms alone when not asked to', () => {
    const body = page();
    removeBoilerplate(body, { dropComments: false });
    expect(body.textContent ?? '').toContain('Only 3 left in stock');
  });
});

describe('listing grids beside a long category blurb', () => {
  it("uses our root when Readability's pick is the blurb and the root is mostly a run of items", () => {
    const sentence = 'Cast iron pans hold heat evenly, sear beautifully and last for generations when seasoned with care and a little oil. ';
    const blurb = `<div class="seo"><p>${sentence.repeat(5)}</p><p>${sentence.repeat(5)}</p></div>`;
    const tiles = Array.from(
      { length: 24 },
      (_, i) => `<div class="tile"><a href="/products/pan-${i}">Lodge Seasoned Cast Iron Skillet Model ${i} with Assist Handle</a><span>$29.90</span></div>`,
    ).join('');
    const text = extract(`<main><h1>Lodge</h1>${blurb}<div class="grid">${tiles}</div></main>`, 'https://shop.example/collections/lodge');
    expect(text).toContain('Skillet Model 0 ');
    expect(text).toContain('Skillet Model 23 ');
  });
});

import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/extraction/dom.js';
import { findMainContent } from '../../src/extraction/main-content/index.js';
import { removeCardGrids } from '../../src/extraction/main-content/card-grids.js';
import { removeDuplicateBlocks } from '../../src/extraction/main-content/duplicate-blocks.js';
import { removeRecommendationWidgets } from '../../src/extraction/main-content/recommendation-widgets.js';
import { collectTextStats } from '../../src/extraction/main-content/text-stats.js';
import { guessPageKind } from '../../src/extraction/main-content/page-kind.js';
import { plainText } from '../../src/extraction/text.js';

const productJsonLd = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Stoneware mug"}</script>';
const description =
  '<div class="description"><p>A handmade stoneware mug, thrown on the wheel and glazed in a speckled white that shows the clay beneath.</p>' +
  '<p>Holds twelve ounces, safe in the dishwasher and the microwave, and every piece differs a little from the photographs.</p>' +
  '<p>Each mug is made in a small studio by one potter, fired twice, and packed by hand in recycled paper for the journey to you.</p>' +
  '<p>The handle fits four fingers; the rim is left thin so that coffee and tea taste as they should, and the foot is left unglazed.</p></div>';

function bodyOf(html: string): Element {
  return (parseDocument(`<html><body>${html}</body></html>`) as unknown as Document).body;
}

function extractProduct(body: string): string {
  const html = `<!doctype html><html><head><title>Mug</title>${productJsonLd}</head><body>${body}</body></html>`;
  const main = findMainContent(parseDocument(html), 'https://shop.example/products/mug');
  return main ? plainText(main.root) : '';
}

describe('recommendation widgets on product pages', () => {
  /** Too few tiles, without links (script-driven): the card-grid test misses them. */
  const longTiles = Array.from(
    { length: 3 },
    (_, i) =>
      `<div class="tile-${i}"><span>Other dress number ${i}, in hemp</span><span>${'Price in another currency: 12.00 '.repeat(2)}</span></div>`,
  ).join('');

  it('removes the block a "You may also like" heading opens, with its tiles', () => {
    const body = bodyOf(`<main><h1>Mug</h1>${description}<section><div><h2>You may also like</h2></div><div class="row">${longTiles}</div></section></main>`);
    removeRecommendationWidgets(body, collectTextStats(body));
    const text = body.textContent ?? '';
    expect(text).not.toContain('You may also like');
    expect(text).not.toContain('Other dress number');
    expect(text).toContain('handmade stoneware mug');
  });

  it('keeps what follows the widget in a larger column (the Q&A under recommended accessories)', () => {
    const column = `<div class="col"><div class="recs"><h3>Recommended accessories</h3>${longTiles}</div><div class="qa"><h3>Questions and answers</h3><p>Be the first to ask a question about this item.</p></div></div>`;
    const body = bodyOf(`<main><h1>Mug</h1>${description}${column}</main>`);
    removeRecommendationWidgets(body, collectTextStats(body));
    const text = body.textContent ?? '';
    expect(text).not.toContain('Other dress number');
    expect(text).toContain('Be the first to ask a question');
  });

  it('leaves a sentence that merely uses the words', () => {
    const body = bodyOf(`<main><h1>Mug</h1>${description}<p>Related products are sold separately.</p></main>`);
    removeRecommendationWidgets(body, collectTextStats(body));
    expect(body.textContent).toContain('Related products are sold separately.');
  });

  it('drops the widget in the whole pipeline on a page declaring a Product', () => {
    const text = extractProduct(`<main><h1>Mug</h1>${description}<section><h2>Customers also bought</h2>${longTiles}</section></main>`);
    expect(text).toContain('handmade stoneware mug');
    expect(text).not.toContain('Other dress number');
  });
});

describe('card grids of tiles without links', () => {
  it('removes a run of tiles that each show a price, even without links or with differing classes', () => {
    const tiles = Array.from(
      { length: 5 },
      (_, i) => `<li${i === 0 ? ' class="carousel__snap-point"' : ''}><div>Ladies top number ${i}, size ${10 + i}</div><div>Pre-owned</div><div>$${8 + i}.03</div></li>`,
    ).join('');
    const body = bodyOf(`<main><h1>Mug</h1>${description}<div class="carousel"><ul>${tiles}</ul></div></main>`);
    removeCardGrids(body);
    const text = body.textContent ?? '';
    expect(text).not.toContain('Ladies top number');
    expect(text).toContain('handmade stoneware mug');
  });

  it('keeps a run of short facts without prices or links (a spec list)', () => {
    const facts = ['Height: 10 cm', 'Width: 8 cm', 'Weight: 350 g', 'Capacity: 12 oz', 'Glaze: speckled white'].map((fact) => `<li>${fact}</li>`).join('');
    const body = bodyOf(`<main><h1>Mug</h1>${description}<ul>${facts}</ul></main>`);
    removeCardGrids(body);
    expect(body.textContent).toContain('Capacity: 12 oz');
  });
});

describe('blocks rendered twice on product pages', () => {
  const card = (name: string): string => `<div class="card"><h3>${name}</h3><p>Superfine fibres have a luxurious feel and help regulate temperature.</p></div>`;

  it('keeps one copy of a block repeated for another screen size, and wrappers of a single block', () => {
    const body = bodyOf(`<div><div class="mobile">${card('Soft wool')}</div><div class="desktop">${card('Soft wool')}</div><section><p>Only once, inside a wrapper of the same text.</p></section></div>`);
    removeDuplicateBlocks(body);
    const text = body.textContent ?? '';
    expect(text.match(/Superfine fibres/g)).toHaveLength(1);
    expect(text).toContain('Only once, inside a wrapper of the same text.');
  });

  it('keeps short facts that recur (a spec row per variant)', () => {
    const row = '<div>Fabric: cotton</div>';
    const body = bodyOf(`<div><h3>Sateen</h3>${row}</div><div><h3>Percale</h3>${row}</div>`);
    removeDuplicateBlocks(body);
    expect((body.textContent ?? '').match(/Fabric: cotton/g)).toHaveLength(2);
  });

  it('keeps every block of a text shown more than three times (a run of like variants)', () => {
    const body = bodyOf(`<div>${card('Arm').repeat(5)}</div>`);
    removeDuplicateBlocks(body);
    expect((body.textContent ?? '').match(/Superfine fibres/g)).toHaveLength(5);
  });

  it('applies in the whole pipeline on a page declaring a Product', () => {
    const text = extractProduct(`<main><h1>Mug</h1>${description}${card('Glaze')}${card('Glaze')}</main>`);
    expect(text.match(/Superfine fibres/g)).toHaveLength(1);
  });
});

describe('page kind on shops with a site-wide catalogue', () => {
  it('reads a page with og:type=product as a product even beside an OfferCatalog', () => {
    const catalogue = '<script type="application/ld+json">{"@type":"Organization","hasOfferCatalog":{"@type":"OfferCatalog","name":"Shop"}}</script>';
    const product = '<script type="application/ld+json">{"@type":"Product","name":"Dress"}</script>';
    const head = (og: string): string => `<meta property="og:type" content="${og}">${catalogue}${product}`;
    const kindOf = (og: string): string =>
      guessPageKind(parseDocument(`<html><head>${head(og)}</head><body></body></html>`) as unknown as Document, 'https://shop.example/dress/');
    expect(kindOf('product')).toBe('product');
    expect(kindOf('product.group')).toBe('listing');
  });
});

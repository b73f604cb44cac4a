import { describe, expect, it } from 'vitest';
import { removeRecommendationWidgets } from '../../../../src/extraction/main-content/recommendation-widgets.js';
import { collectTextStats } from '../../../../src/extraction/main-content/text-stats.js';
import { bodyOf, extractProduct, mugDescription as description } from './fixtures.js';

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

import { describe, expect, it } from 'vitest';
import { removeCardGrids } from '../../../../src/extraction/main-content/card-grids.js';
import { plainText } from '../../../../src/extraction/dom/text.js';
import { bodyOf, mainText, mugDescription as description, pageOf, paragraphs } from './fixtures.js';

const jsonLd = (data: unknown): string => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

describe('removeCardGrids (product pages)', () => {
  const tiles = (count: number, label: string): string =>
    Array.from({ length: count }, (_, i) => `<div class="tile"><a href="/p${i}">${label} ${i}</a><span>$${i}9.00</span></div>`).join('');

  it('drops a recommendation grid beside a product description, with its heading', () => {
    const document = pageOf(`<main><h1>Trail pack</h1>${paragraphs('the pack', 3)}<ul><li>Ripstop nylon body</li><li>Side mesh pockets</li></ul>
      <h2>You may also like</h2><div class="grid">${tiles(6, 'Other pack')}</div></main>`);
    removeCardGrids(document.body);
    const text = plainText(document.body as never);
    expect(text).toContain('sentence 2 about the pack');
    expect(text).toContain('Side mesh pockets');
    expect(text).not.toContain('Other pack 3');
    expect(text).not.toContain('You may also like');
  });

  it('keeps tiles that are most of the page (a category grid that declares itself a product)', () => {
    const document = pageOf(`<main><h1>Packs</h1><div class="grid">${tiles(12, 'Day pack')}</div></main>`);
    removeCardGrids(document.body);
    expect(plainText(document.body as never)).toContain('Day pack 11');
  });

  it('keeps feature cards whose only link is "Learn more"', () => {
    const cards = Array.from({ length: 4 }, (_, i) => `<div class="card"><h3>Feature ${i}</h3><p>Waterproof zip and taped seams.</p><a href="/f${i}">Learn more</a></div>`).join('');
    const document = pageOf(`<main>${paragraphs('the jacket', 3)}<div class="features">${cards}</div></main>`);
    removeCardGrids(document.body);
    expect(plainText(document.body as never)).toContain('Feature 3');
  });

  it('drops a grid whose tiles are web-component links (<sl-card href>), as it drops <a> tiles', () => {
    const cards = Array.from({ length: 6 }, (_, i) => `<sl-card href="/p${i}">Other pack ${i} $${i}9.00</sl-card>`).join('');
    const document = pageOf(`<main><h1>Trail pack</h1>${paragraphs('the pack', 3)}<h2>You may also like</h2><div class="grid">${cards}</div></main>`);
    removeCardGrids(document.body);
    const text = plainText(document.body as never);
    expect(text).toContain('sentence 2 about the pack');
    expect(text).not.toContain('Other pack 3');
  });

  it('runs only for pages that declare a product', () => {
    const product = jsonLd({ '@type': 'Product', name: 'Trail pack' });
    const body = `<main><h1>Trail pack</h1>${paragraphs('the pack', 3)}<div class="grid">${tiles(6, 'Other pack')}</div></main>`;
    expect(mainText(pageOf(body, product), 'https://shop.example.com/trail-pack')).not.toContain('Other pack 2');
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

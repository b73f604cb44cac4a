import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/extraction/dom.js';
import { findMainContent } from '../../src/extraction/main-content/index.js';
import { plainText } from '../../src/extraction/text.js';

const productPage = (body: string): Document =>
  parseDocument(
    `<!doctype html><html><head><title>T</title><meta property="og:type" content="product"></head><body>${body}</body></html>`,
  ) as unknown as Document;

describe('collapsed panels on product pages', () => {
  it('keeps the description and shipping tabs a product page ships collapsed', () => {
    const document = productPage(
      '<main><h1>Keyboard K2</h1><p>$139.99</p><ul><li>75% layout with wireless connectivity</li><li>Magnetic switches</li></ul>' +
        `<div class="description"><p>${'A compact board with hot-swappable magnetic switches and a solid aluminium frame. '.repeat(8)}</p></div>` +
        `<div class="accordion-content" style="display:none"><p>${'All orders are inspected by hand in our warehouse before they ship out. '.repeat(3)}</p></div>` +
        `<div role="tabpanel" hidden><p>${'Most orders ship within 24-48 hours; unused items may be returned within 14 days. '.repeat(3)}</p></div></main>`,
    );
    const text = plainText(findMainContent(document as never, 'https://shop.example/keyboards/k2')!.root);
    expect(text).toContain('inspected by hand');
    expect(text).toContain('ship within 24-48 hours');
  });
});

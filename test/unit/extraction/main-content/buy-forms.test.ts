import { describe, expect, it } from 'vitest';
import { passesFor } from '../../../../src/extraction/main-content/policy.js';
import { textAfterBoilerplate } from './fixtures.js';

describe('buy boxes on product pages', () => {
  const page =
    '<main><h1>Hiking Backpack 40L</h1>' +
    '<form method="post" action="/cart/add" class="form"><span>Size</span><label>Small</label><label>Large</label><span>Only 3 left in stock</span><a class="btn">Add to cart</a></form>' +
    '<div class="description"><p>A roll-top pack for long days on the trail, with a padded back panel.</p></div></main>';

  it('drops the cart form on product pages', () => {
    const text = textAfterBoilerplate(page, passesFor('product'));
    expect(text).not.toContain('Only 3 left in stock');
    expect(text).toContain('roll-top pack');
  });

  it('leaves forms alone when not asked to', () => {
    expect(textAfterBoilerplate(page, { ...passesFor('product'), 'buy-forms': false })).toContain('Only 3 left in stock');
  });
});

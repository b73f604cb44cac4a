import { describe, expect, it } from 'vitest';
import { cleanContent } from '../../../../src/extraction/main-content/cleanup.js';
import { rootPassesFor } from '../../../../src/extraction/main-content/policy.js';
import { bodyOf, extract, OG_ARTICLE, runningShoeBlurb as blurb } from './fixtures.js';

describe('link lists', () => {
  it("keeps a list of item links inside Readability's pick on a listing", () => {
    const links = '<ul>' + Array.from({ length: 6 }, (_, i) => `<li><a href="/products/boot-${i}">Hiking boot ${i}</a></li>`).join('') + '</ul>';
    const text = extract(`<main><div class="content">${blurb.replace('</div>', `${links}</div>`)}</div></main>`, 'https://shop.example/collections/boots');
    expect(text).toContain('Hiking boot 5');
  });

  it('keeps the lists of a page that is a list of links though it declares an article', () => {
    const intro = '<p>This page lists programming languages by name, from the early days of computing to the languages of today.</p>';
    const list = (letter: string): string =>
      `<h2>${letter}</h2><ul>` + Array.from({ length: 12 }, (_, i) => `<li><a href="/wiki/${letter}${i}">${letter}-language number ${i}</a></li>`).join('') + '</ul>';
    const text = extract(
      `<article><h1>List of programming languages</h1>${intro}${list('A')}${list('B')}${list('C')}</article>`,
      'https://wiki.example/wiki/List_of_programming_languages',
      OG_ARTICLE,
    );
    expect(text).toContain('A-language number 0');
    expect(text).toContain('C-language number 11');
  });
});

describe('shop tiles named "caption"', () => {
  it('keeps a card caption holding the item heading, drops an image caption', () => {
    const body = bodyOf(
      '<ul>' +
        Array.from({ length: 4 }, (_, i) => `<li><div class="product-caption"><h3><a href="/p/${i}">Gear Bag ${i}</a></h3><span class="price">$21.00</span></div></li>`).join('') +
        '</ul><figure><img src="a.jpg" alt=""><div class="wp-caption-text">Photo of the warehouse</div></figure>',
    );
    cleanContent(body, rootPassesFor('listing'), 'own');
    const text = body.textContent ?? '';
    expect(text).toContain('Gear Bag 3');
    expect(text).not.toContain('Photo of the warehouse');
  });
});

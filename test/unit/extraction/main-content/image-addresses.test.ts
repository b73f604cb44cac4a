import { describe, expect, it } from 'vitest';
import { removeImageAddresses } from '../../../../src/extraction/main-content/image-addresses.js';
import { bodyOf, extractTrendsArticle, trendParagraphs } from './fixtures.js';

const thumb = (colour: string): string => `https://cdn.example.com/images/160x160/5001_STAPLE_TEE_${colour}_THUMB.jpg`;

describe("an image file's address standing as text", () => {
  it("goes from a shop's field list with the term naming it, and the other fields stay", () => {
    const body = bodyOf(
      `<div>${trendParagraphs(2)}<dl><dt>SKU:</dt><dd>5001</dd><dt>cat_thumb_Bone:</dt><dd>${thumb('BONE')}</dd><dt>cat_thumb_Navy:</dt><dd><span>${thumb('NAVY')}?c=2</span></dd></dl></div>`,
    );
    removeImageAddresses(body);
    const text = body.textContent ?? '';
    expect(text).not.toMatch(/cdn\.example\.com|cat_thumb/);
    expect(text).toContain('SKU:');
    expect(text).toContain('5001');
    expect(text).toContain('Trend 2');
  });

  it("goes alone from a post's text beside the poster's words", () => {
    const body = bodyOf(`<div>${trendParagraphs(2)}<div class="msg">${thumb('RED')}<br>I'm ready!</div></div>`);
    removeImageAddresses(body);
    expect(body.textContent).not.toContain('cdn.example.com');
    expect(body.textContent).toContain("I'm ready!");
  });

  it('stays in code, and an address inside a sentence or of a page stays', () => {
    const body = bodyOf(
      `<div>${trendParagraphs(2)}<p><code>https://example.com/image1.jpg</code></p><pre>curl ${thumb('RED')}</pre><p>The photo is at ${thumb('BLUE')} for a week.</p><p>https://example.com/products/2417</p></div>`,
    );
    removeImageAddresses(body);
    const text = body.textContent ?? '';
    expect(text).toContain('https://example.com/image1.jpg');
    expect(text).toContain(`curl ${thumb('RED')}`);
    expect(text).toContain(thumb('BLUE'));
    expect(text).toContain('https://example.com/products/2417');
  });

  it('goes in the whole pipeline', () => {
    const text = extractTrendsArticle(`<article><h1>Plumbing trends</h1>${trendParagraphs(6)}<p>${thumb('BONE')}</p></article>`);
    expect(text).toContain('Trend 6');
    expect(text).not.toContain('cdn.example.com');
  });
});

import { describe, expect, it } from 'vitest';
import { extractHtml } from '../../../../src/extraction/extract.js';
import type { DomElement } from '../../../../src/extraction/dom/dom.js';
import { separateGluedWords } from '../../../../src/extraction/output/glued-words.js';
import { plainText } from '../../../../src/extraction/dom/text.js';
import { bodyOf } from '../main-content/fixtures.js';

/** The plain text of `html` after the pass. */
function separated(html: string): string {
  const root = bodyOf(html) as unknown as DomElement;
  separateGluedWords(root);
  return plainText(root);
}

describe('words that markup glues together', () => {
  it('separates a brand and a product name laid out apart by CSS', () => {
    expect(separated('<a href="/p/1"><span>Merrell</span><span>Moab 3 Mid Waterproof Boots</span></a>')).toBe('Merrell Moab 3 Mid Waterproof Boots');
  });

  it('separates an all-capital brand from a capitalised name, and a price from a badge', () => {
    expect(separated('<span>HOKA</span><span>Kaha 3 GTX</span> <span>$167.93</span><span>Top Rated</span>')).toBe('HOKA Kaha 3 GTX $167.93 Top Rated');
  });

  it('looks past the comments frameworks leave between elements', () => {
    expect(separated('<span>Osprey</span><!--]--><!--[--><span>Aether 65</span>')).toBe('Osprey Aether 65');
  });

  it('leaves a word that continues across elements alone: a drop cap, a styled syllable, an acronym', () => {
    expect(separated('<p><span class="dropcap">I</span><span>f you are looking for catering</span></p>')).toBe('If you are looking for catering');
    expect(separated('<p><b>Un</b><i>believable</i> results from <span>NA</span><span>SA</span></p>')).toBe('Unbelievable results from NASA');
  });

  it("keeps a flex or grid container's items apart whatever their case, and leaves other runs of elements alone", () => {
    expect(separated('<div class="flex items-center gap-2"><code>socialPreview</code><code>string</code></div>')).toBe('socialPreview string');
    expect(separated('<div class="d-flex"><span>3 beds</span><span>2.5 baths</span><span>1,958 sq ft</span></div>')).toBe('3 beds 2.5 baths 1,958 sq ft');
    expect(separated('<div class="md:flex"><span>un</span><span>usual</span></div><p class="flexible"><b>re</b><i>write</i></p>')).toBe('unusual\nrewrite');
  });

  it('keeps apart the parts of a box holding no text of its own, never the runs of a paragraph or a list item', () => {
    expect(separated('<div class="metadata"><span class="item">2026</span><span class="item">1h 54m</span><span class="item">R</span></div>')).toBe('2026 1h 54m R');
    expect(separated('<div class="price"><span class="sale">$67.93</span><span class="was">compared to $84.95</span></div>')).toBe('$67.93 compared to $84.95');
    expect(separated('<div class="tags"><a class="tag" href="/t/1">PvP</a><a class="tag" href="/t/2">Online Co-Op</a></div>')).toBe('PvP Online Co-Op');
    // An editor's formatting runs: in a paragraph, a list item, or without classes.
    expect(separated('<p><span class="C9DxTc">Le</span><span class="C9DxTc aw5Odc">arn more</span></p>')).toBe('Learn more');
    expect(separated('<ul><li><span style="font-weight: 400">up to 30 colleges f</span><span style="font-weight: 400">or review</span></li></ul>')).toBe('up to 30 colleges for review');
    // One-letter parts, a superscript, and a part that starts with punctuation.
    expect(separated('<div class="split"><span class="char">G</span><span class="char">o</span></div>')).toBe('Go');
    expect(separated('<div class="street"><span class="n">3</span><sup class="o">rd</sup></div>')).toBe('3rd');
    expect(separated('<div class="book"><i class="title">The Handbook</i><span class="rest">, a valuable resource</span></div>')).toBe('The Handbook, a valuable resource');
  });

  it('never touches code, nor joins across an element without text', () => {
    expect(separated('<pre><code><span>getValue</span><span>Of</span></code></pre>')).toBe('getValueOf');
    expect(separated('<p><span>read</span><img src="x.png" alt=""><span>More</span></p>')).toBe('readMore');
  });

  it('gives text, markdown and HTML the same words', () => {
    const tiles = Array.from({ length: 6 }, (_, i) => `<li><a href="/p/${i}"><span>Merrell</span><span>Moab ${i} Hiking Boot</span></a> <span>$170.00</span></li>`).join('');
    const html = `<!doctype html><html><head><title>Hiking boots</title></head><body><main><h1>Hiking boots</h1><p>Boots for every trail, from day hikes to long treks, chosen by our staff and rated by customers like you.</p><ul>${tiles}</ul></main></body></html>`;
    const { content, text } = extractHtml(html, 'https://shop.example/c/hiking-boots');
    expect(text).toContain('Merrell Moab 5 Hiking Boot');
    expect(content.markdown).toContain('Merrell Moab 5 Hiking Boot');
    expect(content.html).toContain('<span>Merrell</span> <span>Moab 5 Hiking Boot</span>');
  });
});

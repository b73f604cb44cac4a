import { describe, expect, it } from 'vitest';
import { parseHTML } from 'linkedom';
import { countTokens, encodeOrdinary, forgetTokenCounts } from '../../../../src/extraction/tokens/tokens.js';
import { elementsByTag, indexPage } from '../../../../src/extraction/dom/dom-walk.js';

describe('piece cache sweeps', () => {
  it('counts the same after the caches are emptied (benchmark rounds start that way)', () => {
    const text = `<div class="post">Internationalisation of ${'\n' + ' '.repeat(120)}the content, twice: the content.</div>`;
    const expected = encodeOrdinary(text).length;
    expect(countTokens(text)).toBe(expected);
    forgetTokenCounts();
    expect(countTokens(text)).toBe(expected);
    expect(countTokens(text + text)).toBe(encodeOrdinary(text + text).length);
  });

  it('counts stay exact across sweeps that keep the reused pieces and drop the one-offs', () => {
    // More distinct pieces than the table holds (2^17 entries before a sweep), short and long (pool) ones,
    // with common words and long whitespace runs repeated throughout.
    const common = ['the', ' content', ' class', '="', 'Extraction', ' internationalisation', '\n' + ' '.repeat(90)];
    const parts: string[] = [];
    for (let i = 0; i < 300_000; i++) {
      parts.push(` id${i.toString(36)}`, common[i % common.length] as string);
      if (i % 7 === 0) parts.push(` Verylongidentifiernumber${i.toString(36)}suffix`);
      if (i % 5000 === 0) parts.push(` ${'x'.repeat(70 + (i % 9))}`);
    }
    const text = parts.join('');
    const slices = [text.slice(0, 200_000), text.slice(0, 2_000_000), text, text];
    for (const slice of slices) {
      // The reference encoder over parts cut before ' id…' (always a piece boundary here).
      let expected = 0;
      for (let at = 0; at < slice.length; ) {
        const cut = slice.indexOf(' id', at + 400_000);
        const end = cut < 0 ? slice.length : cut;
        expected += encodeOrdinary(slice.slice(at, end)).length;
        at = end;
      }
      expect(countTokens(slice)).toBe(expected);
    }
  }, 120_000);
});

describe('indexPage', () => {
  it('finds what separate walks by tag find, outside templates, whatever the case of createElement', () => {
    const { document } = parseHTML(
      '<html><head><meta name="a" content="1"><link rel="canonical" href="/c"><script type="application/ld+json">{}</script></head>' +
        '<body><a href="/x">x</a><template><a href="/t">t</a><pre>t</pre></template><pre><code>1</code></pre><div><a>y</a></div></body></html>',
    );
    const root = document.documentElement as unknown as Element;
    const body = document.body as unknown as Element;
    for (const tag of ['PRE', 'A', 'Pre']) body.appendChild(document.createElement(tag) as unknown as Node);
    const index = indexPage(root);
    expect(index.anchors).toEqual(elementsByTag(root, 'A'));
    expect(index.metas).toEqual(elementsByTag(root, 'META'));
    expect(index.links).toEqual(elementsByTag(root, 'LINK'));
    expect(index.scripts).toEqual(elementsByTag(root, 'SCRIPT'));
    expect(index.pres).toEqual(elementsByTag(root, 'PRE'));
    expect(index.pres).toEqual([...root.querySelectorAll('pre')].filter((pre) => !pre.closest('template')));
    expect(index.anchors).toHaveLength(3);
    expect(index.pres).toHaveLength(3);
  });
});

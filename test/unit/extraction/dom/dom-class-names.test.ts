import { describe, expect, it } from 'vitest';
import { joinedClassValue } from '../../../../src/extraction/dom/class-names.js';
import { parseDocument } from '../../../../src/extraction/dom/dom.js';


/** What linkedom's DOMTokenList makes of a value: split on \s+, empty tokens dropped, first occurrences. */
const asLinkedomJoins = (value: string) => [...new Set(value.split(/\s+/).filter(Boolean))].join(' ');

describe('class names kept in the attribute (class-names.ts)', () => {
  it.each(['a', '', ' a ', 'a  b', 'a\tb\nc', 'a b a', 'b a b a c', '\u00a0x\u2003y\ufeff', Array.from({ length: 40 }, (_, k) => `c${k % 25}`).join(' ')])(
    'joins %j as linkedom does',
    (value) => {
      expect(joinedClassValue(value)).toBe(asLinkedomJoins(value));
    },
  );

  it('parsed classes read back in linkedom’s joined form, through className, getAttribute and classList', () => {
    const document = parseDocument('<html><body><p class="  x  y x ">a</p><div class="solo">b</div><span>c</span></body></html>') as unknown as Document;
    const [p, div, span] = [document.querySelector('p')!, document.querySelector('div')!, document.querySelector('span')!];
    // No token list was built while parsing or reading.
    const listKey = Object.getOwnPropertySymbols(p).find((symbol) => symbol.description === 'classList')!;
    expect([p.className, p.getAttribute('class'), (p as unknown as Record<symbol, unknown>)[listKey]]).toEqual(['x y', 'x y', null]);
    expect([...p.classList]).toEqual(['x', 'y']);
    expect(p.outerHTML).toBe('<p class="x y">a</p>');
    expect([div.className, [...div.classList]]).toEqual(['solo', ['solo']]);
    // linkedom answers '' (not null) for an element without a class.
    expect([span.className, span.getAttribute('class'), span.hasAttribute('class')]).toEqual(['', '', false]);
  });

  it('stays in step with classList, setAttribute, removeAttribute and direct attribute writes', () => {
    const document = parseDocument('<html><body><p class="a b">a</p><i>x</i></body></html>') as unknown as Document;
    const p = document.querySelector('p')!;
    p.classList.add('c');
    expect([p.className, p.getAttribute('class')]).toEqual(['a b c', 'a b c']);
    p.setAttribute('class', ' d  d e ');
    expect([p.className, [...p.classList], p.outerHTML]).toEqual(['d e', ['d', 'e'], '<p class="d e">a</p>']);
    p.removeAttribute('class');
    expect([p.className, p.hasAttribute('class')]).toEqual(['', false]);
    p.className = 'f  g';
    expect([p.className, p.getAttribute('class')]).toEqual(['f g', 'f g']);
    const i = document.querySelector('i')!;
    i.className = 'k k';
    expect([i.className, i.outerHTML, [...i.classList]]).toEqual(['k', '<i class="k">x</i>', ['k']]);
    expect((p.cloneNode(true) as Element).className).toBe('f g');
  });

  it('reads a value written to the attribute node directly in the joined form', () => {
    const document = parseDocument('<html><body><p class="a">a</p></body></html>') as unknown as Document;
    const p = document.querySelector('p')!;
    p.getAttributeNode('class')!.value = 'h  h j';
    expect([p.className, [...p.classList]]).toEqual(['h j', ['h', 'j']]);
  });
});

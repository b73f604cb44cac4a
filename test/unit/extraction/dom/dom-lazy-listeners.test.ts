import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../../src/extraction/dom/dom.js';
import { listenerMapsAreLazy } from '../../../../src/extraction/dom/lazy-listeners.js';

describe('lazy listener maps (lazy-listeners.ts)', () => {
  it('are installed once the DOM module is loaded (linkedom still reads them as expected)', () => {
    expect(listenerMapsAreLazy()).toBe(true);
  });

  it('leave events working: listeners fire, bubble, stop and can be removed', () => {
    const document = parseDocument('<html><body><div id="outer"><p id="inner">text</p></div></body></html>') as unknown as Document;
    const outer = document.getElementById('outer')!;
    const inner = document.getElementById('inner')!;
    const seen: string[] = [];
    const onInner = () => seen.push('inner');
    inner.addEventListener('click', onInner);
    outer.addEventListener('click', () => seen.push('outer'));
    inner.dispatchEvent(new (document.defaultView as unknown as typeof globalThis).Event('click', { bubbles: true }));
    expect(seen).toEqual(['inner', 'outer']);
    inner.removeEventListener('click', onInner);
    inner.dispatchEvent(new (document.defaultView as unknown as typeof globalThis).Event('click', { bubbles: true }));
    expect(seen).toEqual(['inner', 'outer', 'outer']);
  });

  it('a node nobody listens to dispatches without error', () => {
    const document = parseDocument('<html><body><p>text</p></body></html>') as unknown as Document;
    const paragraph = document.querySelector('p')!;
    expect(paragraph.dispatchEvent(new (document.defaultView as unknown as typeof globalThis).Event('focus'))).toBe(true);
  });
});

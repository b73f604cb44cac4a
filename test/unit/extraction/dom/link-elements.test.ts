import { describe, expect, it } from 'vitest';
import { holdsLink, isLinkElement, linksBelow, linkTextLength } from '../../../../src/extraction/dom/link-elements.js';
import { bodyOf } from '../main-content/fixtures.js';

describe('what counts as a link (link-elements.ts)', () => {
  it('is an <a>, or a custom element carrying an href; not a custom element without one', () => {
    const body = bodyOf('<a>plain</a><pp-link href="/a">web component</pp-link><x-card>card</x-card><span href="/b">span</span>');
    expect([...body.children].map(isLinkElement)).toEqual([true, true, false, false]);
  });

  it('lists the outermost links below a block, once each, and none inside a <template>', () => {
    const body = bodyOf('<nav><x-item href="/a"><a href="/a">Home</a></x-item><p><a href="/b">About us</a> and more</p><template><a href="/c">Hidden</a></template></nav>');
    const nav = body.firstElementChild!;
    expect(linksBelow(nav).map((link) => link.textContent)).toEqual(['Home', 'About us']);
    expect(linkTextLength(nav)).toBe('Home'.length + 'About us'.length);
  });

  it('tells whether a block holds a link, a web component one included', () => {
    const body = bodyOf('<div><sl-button href="/go">Go</sl-button></div><div><template><a href="/c">Hidden</a></template>Text</div>');
    expect(holdsLink(body.children[0]!)).toBe(true);
    expect(holdsLink(body.children[1]!)).toBe(false);
  });
});

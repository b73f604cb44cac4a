import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/extraction/dom.js';
import { findMainContent } from '../../src/extraction/main-content/index.js';
import { plainText } from '../../src/extraction/text.js';

const hero = (screen: string): string =>
  `<div class="hero hero--${screen}"><h2>Protection from identity theft and online threats</h2>
    <p>Protect your finances and personal information in one simple plan that watches your accounts around the clock.</p></div>`;

describe('pages declaring nothing', () => {
  it('keep one copy of a block rendered once per screen size', () => {
    const features = [1, 2, 3, 4]
      .map((n) => `<section><h3>Feature ${n}</h3><p>${`Feature ${n} monitors your credit file, bank accounts and the dark web and alerts you at once. `.repeat(3)}</p></section>`)
      .join('');
    const html = `<!doctype html><html><head><title>T</title></head><body><main>${hero('mobile')}${hero('desktop')}${features}</main></body></html>`;
    const main = findMainContent(parseDocument(html), 'https://guard.example.com/');
    const text = main ? plainText(main.root) : '';
    expect(text).toContain('Feature 4 monitors');
    expect(text.split('Protect your finances').length - 1).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/extraction/dom.js';
import { findMainContent } from '../../src/extraction/main-content/index.js';
import { plainText } from '../../src/extraction/text.js';

const offer = (n: number): string =>
  `<dl class="offer-${n}"><dt>Plan ${n}</dt>${[1, 2, 3, 4, 5, 6]
    .map((i) => `<dd>Plan ${n} feature ${i}: we plan, build and run this part of your project for you, end to end.</dd>`)
    .join('')}</dl>`;

describe('pages declaring og:type=article whose prose is one box among many', () => {
  it("uses our root when Readability's pick holds under a fifth of its prose", () => {
    // A service page: two intro paragraphs (Readability's pick) above two groups of plan boxes it does not score.
    const intro = `<p>We are a consulting studio. ${'Our team helps companies plan and ship digital products with care, and we have done so for many years. '.repeat(3)}</p>
      <p>${'We work with teams of every size, from start-ups to large public bodies, on web and mobile work. '.repeat(3)}</p>`;
    const body = `<div class="wrap"><div class="col"><div class="intro">${intro}</div><p class="cta">Call us.</p></div>
      <div class="offers">${[1, 2, 3, 4].map(offer).join('')}</div><div class="more-offers">${[5, 6, 7, 8].map(offer).join('')}</div></div>`;
    const html = `<!doctype html><html><head><title>T</title><meta property="og:type" content="article"></head><body>${body}</body></html>`;
    const main = findMainContent(parseDocument(html), 'https://studio.example.com/services/');
    const text = main ? plainText(main.root) : '';
    expect(text).toContain('We are a consulting studio');
    expect(text).toContain('Plan 7 feature 3');
  });
});

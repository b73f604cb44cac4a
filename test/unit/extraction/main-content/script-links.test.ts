import { describe, expect, it } from 'vitest';
import { removeScriptLinks } from '../../../../src/extraction/main-content/script-links.js';
import { bodyOf, extractTrendsArticle, trendParagraphs } from './fixtures.js';

const picker = (): string =>
  `<div class="stars">${[1, 2, 3, 4, 5].map((n) => `<a class="star off" href="#">${n} of 5 stars</a>`).join('')}</div>`;

describe('a block of links to nowhere', () => {
  it("goes as a star picker's or a language picker's control, whatever the dead address is written as", () => {
    const body = bodyOf(
      `<div>${trendParagraphs(2)}${picker()}<p><a href="javascript:void(0)">Bulgaria</a> <a>English</a> <a href="">United States</a></p></div>`,
    );
    removeScriptLinks(body);
    const text = body.textContent ?? '';
    expect(text).not.toContain('of 5 stars');
    expect(text).not.toMatch(/Bulgaria|United States/);
    expect(text).toContain('Trend 2');
  });

  it('stays as a lone toggle, beside other words, with real addresses, or in code', () => {
    const body = bodyOf(
      `<div>${trendParagraphs(2)}<p><a href="#">Show all specifications</a></p>` +
        `<p>Pick <a href="#">red</a> or <a href="#">blue</a> for the frame.</p>` +
        `<p><a href="#reviews">Reviews</a> <a href="/faq">Questions</a></p>` +
        `<pre><code><a href="#">step one</a><a href="#">step two</a></code></pre></div>`,
    );
    removeScriptLinks(body);
    const text = body.textContent ?? '';
    expect(text).toContain('Show all specifications');
    expect(text).toContain('Pick red or blue for the frame.');
    expect(text).toContain('Reviews Questions');
    expect(text).toContain('step one');
  });

  it('goes in the whole pipeline', () => {
    const text = extractTrendsArticle(`<article><h1>Plumbing trends</h1>${trendParagraphs(6)}${picker()}</article>`);
    expect(text).toContain('Trend 6');
    expect(text).not.toContain('of 5 stars');
  });
});

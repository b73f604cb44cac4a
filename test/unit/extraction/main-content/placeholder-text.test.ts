import { describe, expect, it } from 'vitest';
import { removePlaceholderText } from '../../../../src/extraction/main-content/placeholder-text.js';
import { bodyOf, extractTrendsArticle, trendParagraphs } from './fixtures.js';

const filler = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.';

describe('template filler', () => {
  it('goes from the cards a template left unwritten, its words run through a link or not', () => {
    const card = (inner: string): string => `<div class="card"><h3>Rankings</h3><p>${inner}</p></div>`;
    const body = bodyOf(
      `<div>${trendParagraphs(3)}${card(filler)}${card(`Lorem ipsum <a href="/x">dolor sit amet</a>, consectetur adipiscing elit.`)}<h4><span>Lorem Ipsum</span></h4></div>`,
    );
    removePlaceholderText(body);
    const text = body.textContent ?? '';
    expect(text).not.toMatch(/lorem|dolor|adipiscing/i);
    expect(text).toContain('Trend 3');
    expect(text.match(/Rankings/g)).toHaveLength(2);
  });

  it('goes alone where it sits beside a block in one element', () => {
    const body = bodyOf(`<div>${trendParagraphs(3)}<div>${filler}<p>Survey results are published every spring.</p></div></div>`);
    removePlaceholderText(body);
    expect(body.textContent).not.toContain('Lorem');
    expect(body.textContent).toContain('Survey results are published every spring.');
  });

  it("stays where it is nearly all the page shows (a theme's demo)", () => {
    const body = bodyOf(`<div><h2>Demo</h2><p>${filler}</p><p>${filler}</p><p>${filler}</p></div>`);
    removePlaceholderText(body);
    expect(body.textContent?.match(/Lorem ipsum/g)).toHaveLength(3);
  });

  it('goes in the whole pipeline', () => {
    const text = extractTrendsArticle(`<article><h1>Plumbing trends</h1>${trendParagraphs(6)}<p>${filler}</p></article>`);
    expect(text).toContain('Trend 6');
    expect(text).not.toContain('Lorem ipsum');
  });

  it("goes where a block says one short phrase over and over (a marquee's loop), and a phrase said a few times stays", () => {
    const marquee = '<span>Book Now <span class="star">*</span></span>'.repeat(40);
    const body = bodyOf(
      `<div>${trendParagraphs(3)}<div class="marquee">${marquee}</div><div>${'word '.repeat(60)}</div>` +
        `<blockquote><p>Les Miserable! Les Miserable! Les Miserable!</p></blockquote><pre>0 0 0 0 0 0 0 0 0 0 0 0 0 0</pre><pre>a a a a a a a a</pre></div>`,
    );
    removePlaceholderText(body);
    const text = body.textContent ?? '';
    expect(text).not.toContain('Book Now');
    expect(text).not.toContain('word word');
    expect(text).toContain('Les Miserable! Les Miserable! Les Miserable!');
    expect(text).toContain('a a a a a a a a');
    expect(text).toContain('Trend 3');
  });
});

import { describe, expect, it } from 'vitest';
import { removeDuplicateBlocks } from '../../../../src/extraction/main-content/duplicate-blocks.js';
import { bodyOf, extract, extractProduct, extractTrendsArticle, mugDescription as description, occurrences as count, trendParagraphs } from './fixtures.js';

const hero = (screen: string): string =>
  `<div class="hero hero--${screen}"><h2>Protection from identity theft and online threats</h2>
    <p>Protect your finances and personal information in one simple plan that watches your accounts around the clock.</p></div>`;

describe('copies of an article body', () => {
  it('keep one copy of a long box an article renders twice', () => {
    const box =
      '<div class="key-points"><h3>Key points</h3><p>Smart meters, tankless heaters and greener fittings are where the plumbing trade grows next.</p>' +
      '<p>Customers ask for them by name, and the firms that train their crews first win the repeat work for years to come.</p></div>';
    const text = extractTrendsArticle(`<article><h1>Plumbing trends</h1>${box}${trendParagraphs(6)}${box}</article>`);
    expect(text).toContain('Trend 6');
    expect(count(text, 'where the plumbing trade grows next')).toBe(1);
  });

  it('keep a paragraph an article quotes twice', () => {
    const legend = '<p>s = slow pace (your normal jogging pace), m = medium pace (slightly faster than slow pace), f = fast pace; s-m or m-f = increase your speed during a single run, easing into the faster pace over the last mile or two of the run.</p>';
    const table = (name: string): string => `<h2>${name}</h2><table><tr><td>Week 1</td><td>3 miles s</td><td>4 miles m</td></tr></table>${legend}`;
    const text = extractTrendsArticle(`<article><h1>Training plans</h1>${trendParagraphs(4)}${table('10K plan')}${table('Half marathon plan')}</article>`);
    expect(count(text, 'easing into the faster pace')).toBe(2);
  });
});

describe('pages declaring nothing', () => {
  it('keep one copy of a block rendered once per screen size', () => {
    const features = [1, 2, 3, 4]
      .map((n) => `<section><h3>Feature ${n}</h3><p>${`Feature ${n} monitors your credit file, bank accounts and the dark web and alerts you at once. `.repeat(3)}</p></section>`)
      .join('');
    const text = extract(`<main>${hero('mobile')}${hero('desktop')}${features}</main>`, 'https://guard.example.com/');
    expect(text).toContain('Feature 4 monitors');
    expect(text.split('Protect your finances').length - 1).toBe(1);
  });
});

describe('blocks rendered twice on product pages', () => {
  const card = (name: string): string => `<div class="card"><h3>${name}</h3><p>Superfine fibres have a luxurious feel and help regulate temperature.</p></div>`;

  it('keeps one copy of a block repeated for another screen size, and wrappers of a single block', () => {
    const body = bodyOf(`<div><div class="mobile">${card('Soft wool')}</div><div class="desktop">${card('Soft wool')}</div><section><p>Only once, inside a wrapper of the same text.</p></section></div>`);
    removeDuplicateBlocks(body);
    const text = body.textContent ?? '';
    expect(text.match(/Superfine fibres/g)).toHaveLength(1);
    expect(text).toContain('Only once, inside a wrapper of the same text.');
  });

  it('keeps short facts that recur (a spec row per variant)', () => {
    const row = '<div>Fabric: cotton</div>';
    const body = bodyOf(`<div><h3>Sateen</h3>${row}</div><div><h3>Percale</h3>${row}</div>`);
    removeDuplicateBlocks(body);
    expect((body.textContent ?? '').match(/Fabric: cotton/g)).toHaveLength(2);
  });

  it('keeps every block of a text shown more than three times (a run of like variants)', () => {
    const body = bodyOf(`<div>${card('Arm').repeat(5)}</div>`);
    removeDuplicateBlocks(body);
    expect((body.textContent ?? '').match(/Superfine fibres/g)).toHaveLength(5);
  });

  it('applies in the whole pipeline on a page declaring a Product', () => {
    const text = extractProduct(`<main><h1>Mug</h1>${description}${card('Glaze')}${card('Glaze')}</main>`);
    expect(text.match(/Superfine fibres/g)).toHaveLength(1);
  });
});

describe('quotes in threads', () => {
  const said = (n: number): string => `Post ${n} about lenses is written long enough to read as real prose with several clauses and details.`;
  const post = (n: number, quote = ''): string => `<article class="message message--post"><div class="message-user"><a class="username">member${n}</a></div>
    <div class="bbWrapper">${quote}${said(n)} ${said(n + 10)}</div></article>`;
  const quoteOf = (n: number): string =>
    `<blockquote class="bbCodeBlock--quote"><div class="bbCodeBlock-title">member${n} said:</div><div class="bbCodeBlock-content">${said(n)} ${said(n + 10)}</div></blockquote>`;

  it('keep a post once when a reply quotes it whole', () => {
    const thread = [post(1), post(2, quoteOf(1)), post(3), post(4, quoteOf(3)), post(5)].join('');
    const text = extract(`<main><h1>Which lens to buy?</h1>${thread}</main>`, 'https://forum.example.com/threads/which-lens-to-buy.123/');
    for (let n = 1; n <= 5; n++) expect(count(text, said(n))).toBe(1);
  });

  it('keep once a line repeated over every post, however many posts repeat it', () => {
    const header = '<h3 class="post-subject">Re: Discuss the VirtualBox 7.1.0 release here</h3>';
    const body = bodyOf(`<div>${[1, 2, 3, 4, 5, 6].map((n) => `<div class="post">${header}<p>${said(n)}</p></div>`).join('')}</div>`);
    removeDuplicateBlocks(body, 'threads');
    const text = body.textContent ?? '';
    expect(count(text, 'Re: Discuss the VirtualBox')).toBe(1);
    for (let n = 1; n <= 6; n++) expect(count(text, said(n))).toBe(1);
  });

  it('in the whole pipeline on a thread page', () => {
    const subject = '<h3>Re: Which lens to buy for landscapes?</h3>';
    const thread = [1, 2, 3, 4, 5].map((n) => `<article class="message message--post">${subject}<div class="bbWrapper">${said(n)} ${said(n + 10)}</div></article>`).join('');
    const text = extract(`<main><h1>Which lens to buy for landscapes?</h1>${thread}</main>`, 'https://forum.example.com/threads/which-lens-to-buy.123/');
    expect(count(text, 'Re: Which lens to buy')).toBe(1);
    for (let n = 1; n <= 5; n++) expect(count(text, said(n))).toBe(1);
  });
});

describe('phrases that recur in running text', () => {
  it('keep a link a text names twice inside longer lines', () => {
    const link = '<a href="/keys">Automatic primary key fields</a>';
    const body = bodyOf(`<div><p>By default every model gets an id; see ${link}.</p><p>To change the type of that id, see ${link}.</p></div>`);
    removeDuplicateBlocks(body);
    expect(count(body.textContent ?? '', 'Automatic primary key fields')).toBe(2);
  });
});

describe('which copy stays', () => {
  it("keeps the page's headings when a table of contents before them repeats them as links", () => {
    const sections = ['Provider without a default configuration', 'Multiple provider configurations'];
    const contents = `<ul class="toc">${sections.map((name) => `<li><a href="#${name.replace(/ /g, '-')}">${name}</a></li>`).join('')}</ul>`;
    const body = bodyOf(
      `<div>${contents}${sections.map((name) => `<h2><a class="permalink" href="#${name.replace(/ /g, '-')}">${name}</a></h2><p>What the ${name.toLowerCase()} section says.</p>`).join('')}</div>`,
    );
    removeDuplicateBlocks(body);
    expect(Array.from(body.querySelectorAll('h2')).map((heading) => heading.textContent)).toEqual(sections);
    expect(body.querySelector('.toc')?.textContent ?? '').toBe('');
  });

  it('keeps a copy that is not a link over an earlier linked one', () => {
    const line = 'Profile of the seller, coins and collectibles since 1998';
    const body = bodyOf(`<div><div class="teaser"><a href="/profile">${line}</a></div><div class="about">${line}</div></div>`);
    removeDuplicateBlocks(body);
    expect(body.querySelector('.about')?.textContent).toBe(line);
    expect(body.querySelector('.teaser')).toBeNull();
  });
});

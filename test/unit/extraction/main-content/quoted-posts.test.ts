import { describe, expect, it } from 'vitest';
import { removeQuotedPosts } from '../../../../src/extraction/main-content/quoted-posts.js';
import { bodyOf, extract, occurrences as count } from './fixtures.js';

const first = 'With the influx I would probably cut my stock allocation from two thirds to sixty percent before the end of the year.';
const second = 'Should I pay off the mortgage at four percent, or wait until the money market rates drop below that before I decide?';
/** A post's own text: two paragraphs. */
const opening = `<div class="content"><p>${first}</p><p>${second}</p></div>`;
/** A reply's quote of one of them, with the quoter's own line break and a cut word run at its end. */
const partialQuote = `<blockquote><cite>poster said:</cite>${first.replace(' from two thirds', '<br>from two thirds')}<br>${second.split(', or')[0]}…</blockquote>`;
const reply = 'A two-fund portfolio is enough; keep a year of spending in cash and put the rest in a total market index fund.';

describe('quotes of a post the thread shows', () => {
  it('go when most of their word runs stand outside every quote, however the quoter broke the lines', () => {
    const body = bodyOf(`<div>${opening}<div class="post">${partialQuote}<p>${reply}</p></div></div>`);
    removeQuotedPosts(body);
    const text = body.textContent ?? '';
    expect(count(text, 'probably cut my stock allocation')).toBe(1);
    expect(count(text, 'pay off the mortgage')).toBe(1);
    expect(text).toContain(reply);
    expect(text).not.toContain('poster said:');
  });

  it('stay when they quote a text the thread does not show (a news story)', () => {
    const story = '<blockquote>The central bank held its rate at four and a quarter percent, citing sticky services inflation and a tight labour market.</blockquote>';
    const body = bodyOf(`<div>${opening}<div class="post">${story}<p>${reply}</p></div></div>`);
    removeQuotedPosts(body);
    expect(body.textContent).toContain('citing sticky services inflation');
  });

  it('go in the whole pipeline on a thread page, by a forum\'s quote box that is no <blockquote>', () => {
    const post = (n: number, inner: string): string =>
      `<div class="postcontainer"><div class="username">member${n}</div><div class="postbody">${inner}</div></div>`;
    const quoteBox = `<div class="bbcode_quote"><div class="quote_container">Originally Posted by member1 ${first} ${second.split(', or')[0]}</div></div>`;
    const thread = [post(1, opening), post(2, `${quoteBox}<p>${reply}</p>`), post(3, `<p>${reply.replace('two-fund', 'three-fund')}</p>`)].join('');
    const text = extract(`<main><h1>Windfall: what to do with it?</h1>${thread}</main>`, 'https://forum.example.com/threads/windfall-what-to-do.425337/');
    expect(count(text, 'probably cut my stock allocation')).toBe(1);
    expect(text).toContain(reply);
  });
});

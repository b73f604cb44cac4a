import { describe, expect, it } from 'vitest';
import { removeHoverCards } from '../../../../src/extraction/main-content/hover-cards.js';
import { bodyOf, extract, OG_ARTICLE } from './fixtures.js';

const card = (name: string, slug: string): string =>
  `<span class="rollover"><a href="/people/${slug}">${name}</a><span class="rollover-block"><span><img src="/${slug}.jpg" alt="">` +
  `<a class="name" href="/people/${slug}">${name}</a><a href="/news/1">Senators call for a new security coordinator after the vote</a> ` +
  `<a href="/news/2">Progressives oppose the stopgap funding measure</a> <a class="more" href="/people/${slug}">MORE</a></span></span></span>`;

describe('hover cards', () => {
  it('drops the card hung on a name in a sentence and keeps the name and the sentence', () => {
    const text = extract(
      '<article><h1>Man pleads guilty to threatening a lawmaker</h1>' +
        `<p>A New York man pleaded guilty to charges he threatened to kill Rep. ${card('Ilhan Omar', 'ilhan-omar')} (D-Minn.), the U.S. Attorney's Office for the Western District of New York announced Monday.</p>` +
        '<p>Patrick Carlineo Jr., 55, could face up to 10 years in prison and have to pay $250,000 after pleading guilty to threatening to assault and murder a U.S. official.</p>' +
        '<p>His sentencing is scheduled for Feb. 14, according to the office release, which the court confirmed later that day.</p></article>',
      'https://news.example/story/471031-man-pleads-guilty',
      OG_ARTICLE,
    );
    expect(text).toContain('threatened to kill Rep. Ilhan Omar (D-Minn.), the U.S.');
    expect(text).not.toContain('Senators call');
    expect(text).not.toContain('MORE');
  });

  it('keeps a logo, a name and links that are a whole cell, and links with pictures in prose that is not a card', () => {
    const body = bodyOf(
      '<table><tr><td><p><span class="team"><a href="/team/sea"><img src="sea.png" alt=""></a><a href="/team/sea">Seattle</a> <a href="/team/ne">New England</a></span> v</p></td></tr></table>' +
        '<p>We compared <a href="/a">the first tent</a> and <a href="/b">the second tent</a> <img src="icon.png" alt=""> on a wet weekend in the hills, and the second one kept us dry through both nights of rain.</p>',
    );
    removeHoverCards(body);
    const text = body.textContent ?? '';
    expect(text).toContain('Seattle');
    expect(text).toContain('New England');
    expect(text).toContain('the second tent');
  });
});

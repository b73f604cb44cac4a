import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/extraction/dom.js';
import { findMainContent } from '../../src/extraction/main-content/index.js';
import { removeCardGrids } from '../../src/extraction/main-content/card-grids.js';
import { cleanContent } from '../../src/extraction/main-content/cleanup.js';
import { removeBoilerplate } from '../../src/extraction/main-content/boilerplate.js';
import { guessPageKind } from '../../src/extraction/main-content/page-kind.js';
import { plainText } from '../../src/extraction/text.js';

const sentence = (topic: string, n: number): string =>
  `This is sentence ${n} about ${topic}, written long enough to read as real prose with several clauses and details.`;
const paragraphs = (topic: string, count: number): string =>
  Array.from({ length: count }, (_, i) => `<p>${sentence(topic, i)} ${sentence(topic, i + 100)}</p>`).join('');

const page = (head: string, body: string): Document =>
  parseDocument(`<!doctype html><html><head><title>T</title>${head}</head><body>${body}</body></html>`) as unknown as Document;
const jsonLd = (data: unknown): string => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

describe('guessPageKind from JSON-LD', () => {
  const kindOf = (data: unknown): string => guessPageKind(page(jsonLd(data), '<p>x</p>'), 'https://example.com/page');

  it('reads an FAQ block as no forum, but a lone Question as a Q&A thread', () => {
    const faq = { '@type': 'FAQPage', mainEntity: [{ '@type': 'Question', name: 'Shipping?' }] };
    expect(kindOf([{ '@type': 'Article' }, faq])).toBe('article');
    expect(kindOf({ '@type': 'Question', name: 'How do I fix this?' })).toBe('forum');
  });

  it('reads products inside a catalogue (ItemList, CollectionPage) as a listing, a lone Product as a product', () => {
    const list = { '@type': 'ItemList', itemListElement: [{ '@type': 'Product', name: 'A' }, { '@type': 'Product', name: 'B' }] };
    expect(kindOf(list)).toBe('listing');
    expect(kindOf({ '@type': 'Product', name: 'A', offers: { '@type': 'Offer', price: '10' } })).toBe('product');
  });
});

describe('removeCardGrids (product pages)', () => {
  const tiles = (count: number, label: string): string =>
    Array.from({ length: count }, (_, i) => `<div class="tile"><a href="/p${i}">${label} ${i}</a><span>$${i}9.00</span></div>`).join('');

  it('drops a recommendation grid beside a product description, with its heading', () => {
    const document = page('', `<main><h1>Trail pack</h1>${paragraphs('the pack', 3)}<ul><li>Ripstop nylon body</li><li>Side mesh pockets</li></ul>
      <h2>You may also like</h2><div class="grid">${tiles(6, 'Other pack')}</div></main>`);
    removeCardGrids(document.body);
    const text = plainText(document.body as never);
    expect(text).toContain('sentence 2 about the pack');
    expect(text).toContain('Side mesh pockets');
    expect(text).not.toContain('Other pack 3');
    expect(text).not.toContain('You may also like');
  });

  it('keeps tiles that are most of the page (a category grid that declares itself a product)', () => {
    const document = page('', `<main><h1>Packs</h1><div class="grid">${tiles(12, 'Day pack')}</div></main>`);
    removeCardGrids(document.body);
    expect(plainText(document.body as never)).toContain('Day pack 11');
  });

  it('keeps feature cards whose only link is "Learn more"', () => {
    const cards = Array.from({ length: 4 }, (_, i) => `<div class="card"><h3>Feature ${i}</h3><p>Waterproof zip and taped seams.</p><a href="/f${i}">Learn more</a></div>`).join('');
    const document = page('', `<main>${paragraphs('the jacket', 3)}<div class="features">${cards}</div></main>`);
    removeCardGrids(document.body);
    expect(plainText(document.body as never)).toContain('Feature 3');
  });

  it('runs only for pages that declare a product', () => {
    const product = jsonLd({ '@type': 'Product', name: 'Trail pack' });
    const body = `<main><h1>Trail pack</h1>${paragraphs('the pack', 3)}<div class="grid">${tiles(6, 'Other pack')}</div></main>`;
    const main = findMainContent(page(product, body) as never, 'https://shop.example.com/trail-pack');
    expect(main && plainText(main.root)).not.toContain('Other pack 2');
  });
});

describe('cleanContent furniture', () => {
  const cleaned = (blocks: string[]): string => {
    const document = page('', `${blocks.map((block) => `<p>${block}</p>`).join('')}${paragraphs('the story', 3)}`);
    cleanContent(document.body, { dropLinkLists: true, isArticle: true, pageUrl: 'https://news.example.com/story' });
    return plainText(document.body as never);
  };

  it('drops lone date lines in several languages and a.m./p.m. datelines', () => {
    for (const line of ['October 06, 2018', 'sexta-feira, 22 de outubro de 2010 às 20:13', '18 Nov 2019, 19:09', '05/10/2018', 'Updated at 1:23 p.m.']) {
      expect(cleaned([line])).not.toContain(line);
    }
  });

  it('drops image copyright credits, author bios, newsletter pitches and widget labels', () => {
    const junk = [
      'Image copyright Getty Images',
      'Phil Helsel is a reporter for NBC News.',
      'Sign up to our newsletter for exclusive updates and enhanced content',
      'Click here to subscribe to The Paradigm Newsletter',
      'Comments',
      'Media playback is unsupported on your device',
    ];
    const text = cleaned(junk);
    for (const line of junk) expect(text).not.toContain(line);
    expect(text).toContain('sentence 2 about the story');
  });

  it('drops lines about the article: wire credits, author contacts, disclosures, reading times, agency credits, gallery counters, shortcodes', () => {
    const junk = [
      '(Reporting by Greg Roumeliotis, with reporting by Herb Lash, editing by Martin Howell.)',
      'Have a tip? Amy K may be reached at amy@example.com. Follow her on Twitter @amyk.',
      'Email Tariq Malik at tmalik@example.com or follow him @tariqjmalik.',
      'This post may contain affiliate and/or referral links. Please see my disclosure page.',
      'Tempo de leitura: 2 minutos',
      '4 min read',
      'Sakib Ali/Hindustan Times/Getty Images',
      'Natalie Naccache | Bloomberg | Getty Images',
      'Image 2 of 5',
      '[button link="https://example.com/submit" type="big"] Send us YOUR review[/button]',
      'You may also like...',
      'Sign Up: Stay on top of the latest news! Sign up for our Email Newsletters here.',
    ];
    const text = cleaned(junk);
    for (const line of junk) expect(text).not.toContain(line);
    expect(text).toContain('sentence 2 about the story');
  });

  it('keeps a dateline\'s "(Reuters)" and sentences that mention an agency, an image or an e-mail', () => {
    const document = page('', `<p>NEW YORK (<span>Reuters</span>) - The attorney general is investigating the company, two people said.</p>
      <p>Getty Images said it had licensed the photo to the paper.</p><p>Readers can email the council at council@example.com.</p>${paragraphs('the story', 3)}`);
    cleanContent(document.body, { dropLinkLists: true, isArticle: true, pageUrl: 'https://news.example.com/story' });
    const text = plainText(document.body as never);
    expect(text).toContain('NEW YORK (Reuters) - The attorney general');
    expect(text).toContain('Getty Images said it had licensed');
    expect(text).toContain('Readers can email the council');
  });

  it('keeps sentences that merely mention a date, a newsletter or a reporter', () => {
    const prose = [
      'In March 2019 the council moved the market to the square.',
      'The newsletter, which he started in 2010, now reaches readers weekly.',
      'She said the reporter had asked the right questions.',
    ];
    const text = cleaned(prose);
    for (const line of prose) expect(text).toContain(line);
  });
});

describe('removeBoilerplate and embedded posts', () => {
  it('keeps an embedded tweet whose wrapper is named "social-media-embed", drops a share bar named "social"', () => {
    const document = page('', `<article>${paragraphs('the campaign', 2)}
      <div class="social-media-embed"><blockquote class="twitter-tweet"><p>Yes this is real and the state spent half a million on it</p></blockquote></div>
      <div class="social-share"><a href="/s">Share</a></div>${paragraphs('the reaction', 2)}</article>`);
    removeBoilerplate(document.body, { dropComments: true });
    const text = plainText(document.body as never);
    expect(text).toContain('Yes this is real and the state spent half a million on it');
    expect(text).not.toContain('Share');
  });
});

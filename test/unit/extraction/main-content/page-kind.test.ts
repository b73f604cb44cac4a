import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../../src/extraction/dom/dom.js';
import { guessPageKind, listingRun } from '../../../../src/extraction/main-content/page-kind.js';
import { pageOf, paragraphs } from './fixtures.js';

const jsonLd = (data: unknown): string => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

describe('listingRun', () => {
  it('recognises a run of like linked blocks as a listing, and prose as not one', () => {
    const listing = parseDocument(
      `<!doctype html><html><body><div id="grid">${Array.from({ length: 6 }, (_, i) => `<div class="tile"><a href="/p${i}">Product ${i}</a><span>$${i}9.00</span></div>`).join('')}</div></body></html>`,
    );
    const article = parseDocument(`<!doctype html><html><body><article>${paragraphs('prose', 6)}<p><a href="/x">one link</a></p></article></body></html>`);
    const textOf = (element: Element): number => (element.textContent ?? '').length;
    expect(listingRun(listing.body as unknown as Element, textOf)?.map((item) => item.className)).toEqual(Array(6).fill('tile'));
    expect(listingRun(article.body as unknown as Element, textOf)).toBeNull();
  });
});

describe('guessPageKind from JSON-LD', () => {
  const kindOf = (data: unknown): string => guessPageKind(pageOf('<p>x</p>', jsonLd(data)), 'https://example.com/page');

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

describe('page kind on shops with a site-wide catalogue', () => {
  it('reads a page with og:type=product as a product even beside an OfferCatalog', () => {
    const catalogue = '<script type="application/ld+json">{"@type":"Organization","hasOfferCatalog":{"@type":"OfferCatalog","name":"Shop"}}</script>';
    const product = '<script type="application/ld+json">{"@type":"Product","name":"Dress"}</script>';
    const head = (og: string): string => `<meta property="og:type" content="${og}">${catalogue}${product}`;
    const kindOf = (og: string): string =>
      guessPageKind(parseDocument(`<html><head>${head(og)}</head><body></body></html>`) as unknown as Document, 'https://shop.example/dress/');
    expect(kindOf('product')).toBe('product');
    expect(kindOf('product.group')).toBe('listing');
  });
});

describe('guessPageKind from the address', () => {
  const kindAt = (address: string): string => guessPageKind(pageOf('<p>x</p>'), address);

  it("reads a forum's board indexes as listings, by the forum software's address conventions, and its threads as threads", () => {
    for (const board of [
      'https://www.soliforum.com/forum/6/helprepairmaintenance/',
      'https://sawmillcreek.org/forums/design-forum.5/',
      'https://www.brewersfriend.com/forum/forums/beginners-brewing-forum.17/',
      'https://beersmith.com/forum/index.php?forums/recipes.3/',
      'https://forum.example.org/viewforum.php?f=12',
      'https://forums.example.com/forumdisplay.php?f=7',
      'https://www.paoson.com/forum/',
      'https://www.trailgroove.com/forums/?srsltid=abc',
      'https://sawmillcreek.org/forums/design-forum.5/?page=2',
    ])
      expect(kindAt(board), board).toBe('listing');
    for (const thread of [
      'https://forums.macrumors.com/threads/messages-in-icloud.2425163/',
      'https://beersmith.com/forum/index.php?threads/simple-home-brew-recipe.16986/',
      'https://forum.example.org/viewtopic.php?t=361697',
      'https://www.soliforum.com/topic/1234/stuck-extruder/',
      'https://www.example.com/forum/?t=5512',
      'https://www.flyertalk.com/forum/trip-reports/2212958-scenic-turkish-french-sights.html',
      'https://grassrootsmotorsports.com/forum/off-topic-discussion/from-small-job-to-total-house-renovation/270338/',
    ])
      expect(kindAt(thread), thread).toBe('forum');
  });

  it('reads a genre as a category', () => {
    expect(kindAt('https://store.steampowered.com/genre/Action/')).toBe('listing');
    expect(kindAt('https://www.example.com/books/genres/fantasy')).toBe('listing');
  });
});

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

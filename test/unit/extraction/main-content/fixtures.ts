/** Pages and prose the main-content tests build their cases from. */
import { parseDocument } from '../../../../src/extraction/dom/dom.js';
import { removeBoilerplate } from '../../../../src/extraction/main-content/boilerplate.js';
import { findMainContent } from '../../../../src/extraction/main-content/index.js';
import type { DeclaredPasses } from '../../../../src/extraction/main-content/policy.js';
import { plainText } from '../../../../src/extraction/dom/text.js';

/** A sentence long enough to read as prose (over 100 characters). */
export const sentence = (topic: string, n: number): string =>
  `This is sentence ${n} about ${topic}, written long enough to read as real prose with several clauses and details.`;

/** `count` paragraphs of two sentences each ("This is sentence 0 about …"). */
export const paragraphs = (topic: string, count: number): string =>
  Array.from({ length: count }, (_, i) => `<p>${sentence(topic, i)} ${sentence(topic, i + 100)}</p>`).join('');

/** `count` paragraphs of another shape ("Sentence 0 about …, … More words about …"). */
export const prose = (topic: string, count: number): string =>
  Array.from({ length: count }, (_, i) => `<p>Sentence ${i} about ${topic}, long enough to read as real prose, with clauses, details and a full stop at the end of it. ${`More words about ${topic}. `.repeat(3)}</p>`).join('');

/** A parsed page: `head` after a <title>, `body` as given. */
export function pageOf(body: string, head = '', title = 'T'): Document {
  return parseDocument(`<!doctype html><html><head><title>${title}</title>${head}</head><body>${body}</body></html>`) as unknown as Document;
}

/** The <body> of such a page, for the passes that work on it directly. */
export const bodyOf = (body: string, head = ''): Element => pageOf(body, head).body;

/** The plain text findMainContent keeps of `document`; fails the test when it finds no main content. */
export function mainText(document: Document, pageUrl: string): string {
  const main = findMainContent(document as never, pageUrl);
  if (!main) throw new Error(`no main content found on ${pageUrl}`);
  return plainText(main.root);
}

/** The plain text kept of a page made of `body` (and `head`). */
export const extract = (body: string, pageUrl: string, head = ''): string => mainText(pageOf(body, head), pageUrl);

/** How often `needle` occurs in `text`. */
export const occurrences = (text: string, needle: string): number => text.split(needle).length - 1;

/** An article (og:type=article) on a blog address, its paragraphs numbered "Trend 1: …". */
export const trendParagraphs = (n: number): string =>
  Array.from({ length: n }, (_, i) => `<p>Trend ${i + 1}: plumbers who follow smart water meters, tankless heaters and green fittings win more repeat customers every year.</p>`).join('');

export const extractTrendsArticle = (body: string): string =>
  mainText(pageOf(body, '<meta property="og:type" content="article">', 'Trends'), 'https://blog.example.com/blog/plumbing-trends');

/** A shop's category blurb: three long paragraphs beside its grid. */
export const runningShoeBlurb =
  '<div class="intro"><p>Our running shoes are made for every runner, from the first jog around the block to the last mile of a marathon, with cushioning and support chosen by experts.</p>' +
  '<p>Whatever your stride, you will find a pair here that fits your feet, your pace and your budget, and free returns if it does not.</p>' +
  '<p>Browse road shoes, trail shoes and racing flats from the brands runners trust, with sizes from narrow to extra wide.</p></div>';

/** A grid of `count` product tiles, each a long linked name. */
export const runningShoeGrid = (count: number): string =>
  '<ul class="grid">' +
  Array.from(
    { length: count },
    (_, i) => `<li class="tile"><a href="/products/shoe-${i}">Trail Runner Model ${i} Lightweight Cushioned Running Shoe for Men</a></li>`,
  ).join('') +
  '</ul>';

/** A product page's description: four paragraphs about a mug. */
export const mugDescription =
  '<div class="description"><p>A handmade stoneware mug, thrown on the wheel and glazed in a speckled white that shows the clay beneath.</p>' +
  '<p>Holds twelve ounces, safe in the dishwasher and the microwave, and every piece differs a little from the photographs.</p>' +
  '<p>Each mug is made in a small studio by one potter, fired twice, and packed by hand in recycled paper for the journey to you.</p>' +
  '<p>The handle fits four fingers; the rim is left thin so that coffee and tea taste as they should, and the foot is left unglazed.</p></div>';

/** The text kept of a page declaring a Product (JSON-LD) made of `body`. */
export function extractProduct(body: string): string {
  const productJsonLd = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Stoneware mug"}</script>';
  return mainText(pageOf(body, productJsonLd, 'Mug'), 'https://shop.example/products/mug');
}

/** A <head> declaring the page an article. */
export const OG_ARTICLE = '<meta property="og:type" content="article">';

/** The text left of a page made of `body` once boilerplate removal ran with `passes`. */
export function textAfterBoilerplate(body: string, passes: DeclaredPasses): string {
  const element = bodyOf(body);
  removeBoilerplate(element, passes);
  return element.textContent ?? '';
}

import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/extraction/dom.js';
import { findMainContent } from '../../src/extraction/main-content/index.js';
import { plainText } from '../../src/extraction/text.js';

const section = (n: number): string =>
  `<section><h2>Cover ${n}</h2><p>${`Cover ${n} pays your vet bills for accidents and illnesses, with a choice of deductibles and limits. `.repeat(3)}</p></section>`;

/** Legal notes long enough to count as prose (several paragraphs over 100 characters). */
const legal = [1, 2, 3, 4].map((n) => `<p>Disclaimer ${n}: ${'Prices vary based on how you buy insurance, and coverage is subject to policy terms and state availability. '.repeat(2)}</p>`).join('');

function extract(footer: string): string {
  const body = `<div class="page"><h1>Pet insurance</h1>${[1, 2, 3, 4, 5, 6].map(section).join('')}</div>${footer}`;
  const html = `<!doctype html><html><head><title>T</title></head><body>${body}</body></html>`;
  const main = findMainContent(parseDocument(html), 'https://insure.example.com/pet-insurance/');
  return main ? plainText(main.root) : '';
}

describe("the page's own footer", () => {
  it('is removed even when its legal notes are long prose', () => {
    const text = extract(`<footer class="site"><ul><li><a href="/map">Site map</a></li></ul>${legal}</footer>`);
    expect(text).toContain('Cover 6 pays your vet bills');
    expect(text).not.toContain('Disclaimer 2');
  });

  it('inside the main landmark keeps its prose (a story footer)', () => {
    const body = `<main><h1>Pet insurance</h1>${[1, 2, 3].map(section).join('')}<footer>${legal}</footer></main>`;
    const html = `<!doctype html><html><head><title>T</title></head><body>${body}</body></html>`;
    const main = findMainContent(parseDocument(html), 'https://insure.example.com/pet-insurance/');
    expect(main ? plainText(main.root) : '').toContain('Disclaimer 2');
  });

  it('is removed even when it holds over a third of the page text', () => {
    const links = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `<li><a href="/p${n}">Insurance product number ${n}</a></li>`).join('');
    const footer = `<footer><ul>${links}</ul>${legal}${legal}</footer>`;
    const body = `<main><h1>Pet insurance</h1>${[1, 2, 3].map(section).join('')}</main>${footer}`;
    const html = `<!doctype html><html><head><title>T</title></head><body>${body}</body></html>`;
    const main = findMainContent(parseDocument(html), 'https://insure.example.com/pet-insurance/');
    const text = main ? plainText(main.root) : '';
    expect(text).toContain('Cover 3 pays your vet bills');
    expect(text).not.toContain('Disclaimer 2');
  });

  it('is removed on a page without a <main> landmark when it holds over a third of the page text', () => {
    const links = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `<li><a href="/p${n}">Insurance product number ${n}</a></li>`).join('');
    const text = extract(`<footer><ul>${links}</ul>${legal}${legal}${legal}</footer>`);
    expect(text).toContain('Cover 6 pays your vet bills');
    expect(text).not.toContain('Disclaimer 2');
  });
});

import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/extraction/dom.js';
import { findMainContent } from '../../src/extraction/main-content/index.js';
import { plainText } from '../../src/extraction/text.js';

const offer = (n: number, steps = 3): string =>
  `<dl class="offer-${n}"><dt>Service ${n}</dt>${[1, 2, 3]
    .slice(0, steps)
    .map((i) => `<dd>Service ${n} step ${i}: we assess, design and run this part of your security programme for you.</dd>`)
    .join('')}</dl>`;

const intro = `<p>We are a security consultancy. ${'Our team helps companies find and fix the weak points of their systems before attackers do. '.repeat(4)}</p>
  <p>${'We work with teams of every size, from start-ups to large public bodies, on cloud and on-premises systems. '.repeat(4)}</p>`;

function extract(address: string): string {
  const body = `<div class="wrap"><div class="col"><div class="intro">${intro}</div><p class="cta">Call us.</p></div>
    <div class="offers">${[1, 2, 3, 4].map((n) => offer(n)).join('')}</div><div class="more-offers">${[5, 6, 7].map((n) => offer(n)).join('')}</div></div>`;
  const html = `<!doctype html><html><head><title>T</title><meta property="og:type" content="article"></head><body>${body}</body></html>`;
  const main = findMainContent(parseDocument(html), address);
  return main ? plainText(main.root) : '';
}

describe('og:type=article on an address that names no story', () => {
  it("uses our root when Readability's pick holds under half its prose", () => {
    // A service page: the intro box (Readability's pick) above groups of service boxes it does not score.
    const text = extract('https://secure.example.com/services/security-consulting/');
    expect(text).toContain('We are a security consultancy');
    expect(text).toContain('Service 6 step 2');
  });

  it("keeps Readability's pick on a story's address", () => {
    const text = extract('https://secure.example.com/blog/2024/05/why-we-audit-cloud-systems-every-quarter/');
    expect(text).toContain('We are a security consultancy');
    expect(text).not.toContain('Service 6 step 2');
  });
});

describe('pages declaring nothing', () => {
  it("use our root when Readability's pick holds under 65% of its prose", () => {
    // Readability keeps the intro (about 64% of the prose) and drops the service boxes below it.
    const body = `<main><div class="col"><div class="intro">${intro}</div></div><div class="offers">${offer(1)}${offer(2, 2)}</div></main>`;
    const html = `<!doctype html><html><head><title>T</title></head><body>${body}</body></html>`;
    const main = findMainContent(parseDocument(html), 'https://secure.example.com/security-consulting');
    const text = main ? plainText(main.root) : '';
    expect(text).toContain('We are a security consultancy');
    expect(text).toContain('Service 2 step 2');
  });
});

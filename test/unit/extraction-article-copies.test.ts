import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/extraction/dom.js';
import { findMainContent } from '../../src/extraction/main-content/index.js';
import { plainText } from '../../src/extraction/text.js';

const ARTICLE_HEAD = '<head><title>Trends</title><meta property="og:type" content="article"></head>';
const URL = 'https://blog.example.com/blog/plumbing-trends';

const paragraphs = (n: number): string =>
  Array.from({ length: n }, (_, i) => `<p>Trend ${i + 1}: plumbers who follow smart water meters, tankless heaters and green fittings win more repeat customers every year.</p>`).join('');

const count = (text: string, needle: string): number => text.split(needle).length - 1;

const extract = (body: string): string => {
  const main = findMainContent(parseDocument(`<!doctype html><html>${ARTICLE_HEAD}<body>${body}</body></html>`), URL);
  return main ? plainText(main.root) : '';
};

describe('copies of an article body', () => {
  it('drop a <noscript> fallback that repeats the rendered story', () => {
    const story = `<div class="story"><h2>Why trends matter</h2>${paragraphs(6)}</div>`;
    const text = extract(`<main><h1>Plumbing trends</h1>${story}<noscript>${story}</noscript></main>`);
    expect(text).toContain('Trend 6');
    expect(count(text, 'Trend 1:')).toBe(1);
  });

  it('still unwrap a <noscript> that holds the only copy of the content', () => {
    const text = extract(`<main><h1>Plumbing trends</h1><noscript><div class="story">${paragraphs(6)}</div></noscript></main>`);
    expect(count(text, 'Trend 1:')).toBe(1);
  });

  it('drop a hidden <pre> holding the story again as raw markdown', () => {
    const markdown = Array.from({ length: 12 }, (_, i) => `## Trend ${i + 1}\nPlumbers who follow smart water meters, tankless heaters and green fittings win more customers.`).join('\n\n');
    const text = extract(`<main><article><h1>Plumbing trends</h1>${paragraphs(4)}</article><pre aria-hidden="true" class="rawMarkdown" hidden># Plumbing trends\n\n${markdown}</pre></main>`);
    expect(text).toContain('Trend 4:');
    expect(text).not.toContain('## Trend');
  });

  it('keep one copy of a long box an article renders twice', () => {
    const box =
      '<div class="key-points"><h3>Key points</h3><p>Smart meters, tankless heaters and greener fittings are where the plumbing trade grows next.</p>' +
      '<p>Customers ask for them by name, and the firms that train their crews first win the repeat work for years to come.</p></div>';
    const text = extract(`<article><h1>Plumbing trends</h1>${box}${paragraphs(6)}${box}</article>`);
    expect(text).toContain('Trend 6');
    expect(count(text, 'where the plumbing trade grows next')).toBe(1);
  });

  it('keep a paragraph an article quotes twice', () => {
    const legend = '<p>s = slow pace (your normal jogging pace), m = medium pace (slightly faster than slow pace), f = fast pace; s-m or m-f = increase your speed during a single run, easing into the faster pace over the last mile or two of the run.</p>';
    const table = (name: string): string => `<h2>${name}</h2><table><tr><td>Week 1</td><td>3 miles s</td><td>4 miles m</td></tr></table>${legend}`;
    const text = extract(`<article><h1>Training plans</h1>${paragraphs(4)}${table('10K plan')}${table('Half marathon plan')}</article>`);
    expect(count(text, 'easing into the faster pace')).toBe(2);
  });

  it('read a story whose blocks paste whole HTML documents as one body', () => {
    // Readability climbs from a paragraph's block no higher than a <body>: a nested one walls its pick in.
    const pasted = (inner: string): string => `<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.0 Transitional//EN"><html><body><div class="block"><div class="text">${inner}</div></div></body></html>`;
    const conferences = Array.from({ length: 6 }, (_, i) => `<h2>Conference ${i + 1}</h2><p>Conference ${i + 1} brings vendors, keynotes and hands-on demos of the newest travel and expense tools together, with workshops for every team.</p>`).join('');
    const intro = '<p>From AI planning tools to real-time expense apps, technology is changing how teams travel, meet and plan the year ahead together.</p>';
    const text = extract(`<article><h1>Top conferences</h1><div class="article-content">${pasted(intro)}${pasted(conferences)}</div></article>`);
    expect(text).toContain('From AI planning tools');
    expect(text).toContain('Conference 6 brings');
  });
});

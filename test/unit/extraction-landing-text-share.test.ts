import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/extraction/dom.js';
import { findMainContent } from '../../src/extraction/main-content/index.js';
import { looksLikeStoryInFolder } from '../../src/extraction/main-content/listing-evidence.js';
import { plainText } from '../../src/extraction/text.js';

const intro = `<p>Marathon programmes. ${'Among my most enjoyable activities is helping runners train for the marathon, from their first race on. '.repeat(4)}</p>
  <p>${'Many experienced runners stick with the novice programme because it fits well into their busy lives and jobs. '.repeat(4)}</p>`;

/** A programme teaser: its title is a link, so it weighs in the root's text but not in its prose. */
const plan = (n: number): string =>
  `<div class="plan"><h3><a href="/plan-${n}">Programme ${n} for runners of level ${n}</a></h3><p>Programme ${n} suits runners who already run three times a week and want more.</p></div>`;

function extract(address: string): string {
  const body = `<div class="wrap"><div class="intro">${intro}</div><div class="plans">${[1, 2, 3, 4, 5, 6].map(plan).join('')}</div></div>`;
  const html = `<!doctype html><html><head><title>T</title><meta property="og:type" content="article"></head><body>${body}</body></html>`;
  const main = findMainContent(parseDocument(html), address);
  return main ? plainText(main.root) : '';
}

describe("og:type=article on an address that names no story, Readability's pick against our root's whole text", () => {
  it('uses our root when the pick (the intro) holds over half its prose but under 60% of its text', () => {
    const text = extract('https://run.example.com/training/marathon-training/');
    expect(text).toContain('Among my most enjoyable activities');
    expect(text).toContain('Programme 6 suits runners');
  });

  it("keeps Readability's pick on a slug in a blog folder (a story)", () => {
    const text = extract('https://run.example.com/blog/marathon-training-for-beginners/');
    expect(text).toContain('Among my most enjoyable activities');
    expect(text).not.toContain('Programme 6 suits runners');
  });
});

describe('looksLikeStoryInFolder', () => {
  it('reads a slug of three or more words under a news, blog or articles folder as a story', () => {
    expect(looksLikeStoryInFolder('https://x.example/news/housing-market-predictions-2026/')).toBe(true);
    expect(looksLikeStoryInFolder('https://x.example/resources/home/articles/home-insurance-tips')).toBe(true);
    expect(looksLikeStoryInFolder('https://x.example/news/technology')).toBe(false);
    expect(looksLikeStoryInFolder('https://x.example/training/marathon-training/')).toBe(false);
  });
});

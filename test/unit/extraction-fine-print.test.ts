import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/extraction/dom/dom.js';
import { removeBoilerplate } from '../../src/extraction/main-content/boilerplate.js';

function bodyOf(html: string): Element {
  return parseDocument(`<!doctype html><html><head><title>T</title></head><body>${html}</body></html>`).body as unknown as Element;
}

const prose = (words: string): string => `<p>${words} ${'This sentence is long enough to count as real prose for the guard. '.repeat(3)}</p>`;

describe('legal fine print', () => {
  const page = () =>
    bodyOf(
      '<main><h1>Galaxy Tab</h1><div class="description"><p>A light tablet with a bright display and a pen in the box.</p></div>' +
        `<div class="feature-benefit__disclaimer-wrap">${prose('Image simulated.').repeat(5)}</div>` +
        `<div class="game_area_legal">${prose('All rights reserved.').repeat(5)}</div></main>`,
    );

  it('drops disclaimer and legal blocks even when they hold prose', () => {
    const body = page();
    removeBoilerplate(body, { dropComments: false });
    const text = body.textContent ?? '';
    expect(text).toContain('bright display');
    expect(text).not.toContain('Image simulated');
    expect(text).not.toContain('All rights reserved');
  });
});

describe('page-level footers', () => {
  const page = () =>
    bodyOf(
      '<main><h1>MacBook Air</h1><p>Light, fast and quiet.</p></main>' +
        `<footer role="contentinfo">${prose('Financing available to qualified customers.').repeat(5)}</footer>` +
        `<article><h2>Story</h2><p>Body.</p><footer>${prose('Notes on this story.').repeat(5)}</footer></article>`,
    );

  it('drops the site footer even when it holds prose, keeps an article footer', () => {
    const body = page();
    removeBoilerplate(body, { dropComments: false });
    const text = body.textContent ?? '';
    expect(text).toContain('Light, fast');
    expect(text).not.toContain('Financing available');
    expect(text).toContain('Notes on this story');
  });
});

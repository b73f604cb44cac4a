import { describe, expect, it } from 'vitest';
import { passesFor } from '../../../../src/extraction/main-content/policy.js';
import { textAfterBoilerplate } from './fixtures.js';

describe('grids wrapped in a "pagination" container', () => {
  it('keeps an infinite-scroll grid named pagination, drops the pager bar', () => {
    const tiles = Array.from({ length: 6 }, (_, i) => `<article><a href="/p/${i}"><h4>Seamless T-Shirt ${i}</h4></a><p>$36</p></article>`).join('');
    const text = textAfterBoilerplate(
      `<main><h1>T-Shirts</h1><div class="pagination_pagination__x1"><div role="list">${tiles}</div></div>` +
        '<div class="pagination"><a href="?page=1">1</a><a href="?page=2">2</a><a href="?page=2">Next</a></div>' +
        `<div class="story">${'<p>Made in Portugal from organic cotton, washed soft.</p>'.repeat(8)}</div></main>`,
      passesFor('listing'),
    );
    expect(text).toContain('Seamless T-Shirt 5');
    expect(text).not.toContain('Next');
  });
});

import { describe, expect, it } from 'vitest';
import { passesFor } from '../../../../src/extraction/main-content/policy.js';
import { textAfterBoilerplate } from './fixtures.js';

/** A paragraph of `words` then prose long enough (over 100 characters) to count for the prose guard. */
const guardedProse = (words: string): string => `<p>${words} ${'This sentence is long enough to count as real prose for the guard. '.repeat(3)}</p>`;

describe('legal fine print', () => {
  const page =
    '<main><h1>Galaxy Tab</h1><div class="description"><p>A light tablet with a bright display and a pen in the box.</p></div>' +
    `<div class="feature-benefit__disclaimer-wrap">${guardedProse('Image simulated.').repeat(5)}</div>` +
    `<div class="game_area_legal">${guardedProse('All rights reserved.').repeat(5)}</div></main>`;

  it('drops disclaimer and legal blocks even when they hold prose', () => {
    const text = textAfterBoilerplate(page, passesFor('product'));
    expect(text).toContain('bright display');
    expect(text).not.toContain('Image simulated');
    expect(text).not.toContain('All rights reserved');
  });
});

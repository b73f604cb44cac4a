import { describe, expect, it } from 'vitest';
import { isAnchorFor } from '../../../../src/extraction/dom/element-names.js';

describe('anchor ids (element-names.ts isAnchorFor)', () => {
  it.each([
    ['cookies', 'Cookies¶', true],
    ['1-2-when-is-the-best-time-to-go-to-japan-', '2. When is the best time to go to Japan?', true],
    ['2-21-cherry-blossom-time-in-japan-', '2.1 Cherry blossom time in Japan', true],
    ['h-date-and-time-formats', 'Date and time formats', true],
    ['post-date', 'March 7, 2026', false],
    ['cookie-consent-banner', 'Cookies', false],
    ['entry-meta', '', false],
    ['the-very-long-prefix-of-a-section-date', 'Date', false],
  ])('id %j over the text %j is its anchor: %s', (id, text, anchor) => {
    expect(isAnchorFor(id, text)).toBe(anchor);
  });
});

import { describe, expect, it } from 'vitest';
import { isAnchorFor, wholeWords } from '../../../../src/extraction/dom/element-names.js';

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

describe('name patterns (element-names.ts wholeWords)', () => {
  it('reads words joined by an underscore as by a hyphen, and keeps character classes as written', () => {
    const header = wholeWords(['site-header', 'author[-_]?box']);
    expect(header.test('page site_header')).toBe(true);
    expect(header.test('site-header sticky')).toBe(true);
    expect(header.test('siteheader')).toBe(false);
    expect(header.test('author_box')).toBe(true);
    expect(header.test('authorbox')).toBe(true);
    expect(header.test('site_header_wrapper')).toBe(true);
    expect(header.test('mysite_header')).toBe(false);
  });
});

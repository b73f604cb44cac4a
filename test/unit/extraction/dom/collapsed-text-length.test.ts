import { describe, expect, it } from 'vitest';
import { collapsedTextLength, collapseRuns, collapseWhitespace } from '../../../../src/extraction/dom/text.js';

describe('collapsedTextLength (the length of the collapsed text, without building it)', () => {
  it('equals collapseRuns and collapseWhitespace for every UTF-16 unit, alone and in runs', () => {
    for (let code = 0; code < 0x10000; code++) {
      const unit = String.fromCharCode(code);
      for (const text of [unit, `a${unit}${unit}b`, `${unit}a${unit}`]) {
        expect(collapsedTextLength(text), `U+${code.toString(16)} in ${JSON.stringify(text)}`).toBe(collapseRuns(text).length);
        expect(collapsedTextLength(text, true), `U+${code.toString(16)} in ${JSON.stringify(text)}`).toBe(collapseWhitespace(text).length);
      }
    }
  });

  it.each([
    ['', 0, 0],
    ['   ', 1, 0],
    ['  two  words  ', 11, 9],
    ['\n\tline\u00a0\u2003one\r\n', 10, 8],
    ['zero\u200bwidth', 10, 10], // U+200B is not whitespace to \s
  ])('%j: %i collapsed, %i trimmed', (text, collapsed, trimmed) => {
    expect(collapsedTextLength(text)).toBe(collapsed);
    expect(collapsedTextLength(text, true)).toBe(trimmed);
  });
});

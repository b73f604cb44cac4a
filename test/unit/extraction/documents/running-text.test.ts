import { describe, expect, it } from 'vitest';
import { runningCopies, type PlacedLine } from '../../../../src/extraction/documents/running-text.js';

const A4 = () => 842;
const line = (page: number, y: number, text: string): PlacedLine => ({ page, y, text });

describe('runningCopies', () => {
  it('drops the later copies of a line printed at the same place on page after page, keeping the first', () => {
    const lines = [
      line(0, 800, 'We use cookies to improve your experience'),
      line(0, 500, 'First page body'),
      line(1, 800.4, 'We use cookies to improve your experience'),
      line(1, 500, 'Second page body'),
      line(2, 799.2, 'We use cookies to improve your experience'),
    ];
    expect([...runningCopies(lines, A4)].sort()).toEqual([2, 4]);
  });

  it('keeps the same text at another place on the page (a repeated phrase is not a running line)', () => {
    const lines = [line(0, 700, 'Read more'), line(1, 420, 'Read more'), line(2, 300, 'Read more')];
    expect(runningCopies(lines, A4).size).toBe(0);
  });

  it('reads lines differing only in their numbers as running text in the top and bottom margins only', () => {
    const lines = [
      line(0, 30, 'Page 1 of 3'),
      line(1, 30, 'Page 2 of 3'),
      line(2, 30, 'Page 3 of 3'),
      // Table rows in the body: same words, other numbers, same place on each page.
      line(0, 400, 'Total 12 items'),
      line(1, 400, 'Total 15 items'),
    ];
    expect([...runningCopies(lines, A4)].sort()).toEqual([1, 2]);
  });

  it('with no page height known, only exact copies count', () => {
    const lines = [line(0, 30, 'Page 1'), line(1, 30, 'Page 2'), line(0, 810, 'Journal of Tests'), line(1, 810, 'Journal of Tests')];
    expect([...runningCopies(lines, () => 0)]).toEqual([3]);
  });
});

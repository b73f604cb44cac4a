import { describe, expect, it } from 'vitest';
import { bagF1, markdownBlocks, readExtras } from '../../../../scripts/lib/extras-audit.js';

const PAGE = [
  '# River floods',
  '',
  'The river floods every spring and the town moves uphill for a week.',
  '',
  '- sandbags at [the bridge](https://example.com/bridge)',
  '',
  '| Year | Height |',
  '',
  '```',
  'flood(level)',
  '```',
  '',
  '## Related stories',
  '',
  'Ten best kayaks for beginners, tested and ranked by our editors.',
  '',
  'Share',
].join('\n');

const TRUTH = 'River floods. The river floods every spring and the town moves uphill for a week. Sandbags at the bridge. Year Height. flood(level)';

describe('what an output holds outside its truth (audit:extras)', () => {
  it('reads each markdown line as a block of one kind, in sections from heading to heading, without link targets', () => {
    const blocks = markdownBlocks(PAGE);
    expect(blocks.map((b) => [b.kind, b.section])).toEqual([
      ['title', 0],
      ['paragraph', 0],
      ['list-item', 0],
      ['table-row', 0],
      ['code', 0],
      ['heading', 1],
      ['paragraph', 1],
      ['short-paragraph', 1],
    ]);
    expect(blocks[2]!.words).toEqual(['sandbags', 'at', 'the', 'bridge']);
  });

  it('scores as the WCXB scorer does: a bag F1, and an empty truth wants an empty output', () => {
    expect(bagF1(['a', 'b'], ['a', 'c'])).toBeCloseTo(0.5);
    expect(bagF1(['a', 'a'], ['a'])).toBeCloseTo(2 / 3);
    expect(bagF1([], [])).toBe(1);
    expect(bagF1(['a'], [])).toBe(0);
  });

  it('gives the F1 without the outside blocks of each kind, and without the sections outside the truth', () => {
    const page = readExtras(PAGE, TRUTH);
    expect(page.base).toBeLessThan(1);
    // The kayak paragraph and "Share" are outside; the title, list item, table row and code are not.
    expect(page.words.paragraph).toEqual({ all: 24, outside: 11 });
    expect(page.words['short-paragraph']).toEqual({ all: 1, outside: 1 });
    expect(page.withoutKind['list-item']).toBe(page.base);
    expect(page.withoutKind.paragraph).toBeGreaterThan(page.base);
    // The "Related stories" section ends the page: without it, the output is the truth's words.
    expect(page.withoutSections.all).toBeCloseTo(1);
    expect(page.withoutSections.trailing).toBeCloseTo(1);
    expect(page.withoutSections.leading).toBe(page.base);
    expect(page.outsideSections).toEqual([{ index: 1, at: 0.5, words: 14, opening: 'related stories ten best kayaks for beginners tested and ranked by our' }]);
  });
});

describe('which blocks are outside the truth (the block model label)', () => {
  it('reads a line whose words are each in the truth, in another order, as outside, and a short line by its words in order', () => {
    // Every word of the teaser is the truth's, so as a bag it would look inside; none of its trigrams is.
    const teaser = ['# River floods', '', 'The river floods every spring and the town moves uphill for a week.', '', 'A week uphill: the town, the spring, the river.', '', 'Town river'].join('\n');
    const page = readExtras(teaser, 'River floods. The river floods every spring and the town moves uphill for a week.');
    expect(page.words.paragraph).toEqual({ all: 22, outside: 9 });
    // "Town river" is two truth words, but not in that order.
    expect(page.words['short-paragraph']).toEqual({ all: 2, outside: 2 });
    expect(page.withoutKind.paragraph).toBeGreaterThan(page.base);
  });
});

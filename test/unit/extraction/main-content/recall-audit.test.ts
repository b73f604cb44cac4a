import { describe, expect, it } from 'vitest';
import { pageTextBlocks, readRecall } from '../../../../scripts/lib/recall-audit.js';

const PAGE = `<html><head><title>River floods</title><style>.x { color: red }</style></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a></nav>
<div class="price">Sandbags cost <b>four</b> dollars</div>
<article><h1>River floods</h1>
<p>The river floods every spring and the town moves uphill.</p>
<div>Before the list<ul><li>Keep the sandbags dry</li></ul>after the list</div>
<script>var hidden = "never read";</script><noscript>Turn on scripts</noscript>
</article>
<section><p>Readers say the town should build a levee before next spring.</p></section>
<footer>Copyright the town paper</footer>
</body></html>`;

describe('what a truth holds outside its output (audit:recall)', () => {
  it('reads the visible text in blocks, a block up to the blocks inside it, inline text joined, unseen elements left out', () => {
    expect(pageTextBlocks(PAGE).map((words) => words.join(' '))).toEqual([
      'home news',
      'sandbags cost four dollars',
      'river floods',
      'the river floods every spring and the town moves uphill',
      'before the list after the list',
      'keep the sandbags dry',
      'readers say the town should build a levee before next spring',
      'copyright the town paper',
    ]);
  });

  it('adds back whole blocks only where half their words are missing truth words and the F1 rises, placed against the output', () => {
    const output = 'River floods\nThe river floods every spring and the town moves uphill.\nKeep the sandbags dry';
    const truth = 'Sandbags cost four dollars. River floods. The river floods every spring and the town moves uphill. ' +
      'Before the list after the list. Keep the sandbags dry. Readers say the town should build a levee before next spring.';
    const read = readRecall(output, truth, pageTextBlocks(PAGE));
    // 21 of the truth's 37 words are missing; the output's 16 words are all the truth's.
    expect(read.base).toBeCloseTo((2 * 16) / (16 + 37), 6);
    expect(read.withWords).toBeCloseTo(1, 6);
    expect(read.added.map((block) => [block.place, block.words])).toEqual([
      ['before', 4],
      ['inside', 6],
      ['after', 11],
    ]);
    expect(read.withBlocks).toBeCloseTo(1, 6);
    expect(read.added[0]!.gain).toBeCloseTo((2 * 20) / (20 + 37) - read.base, 6);
    expect(read.added[2]!.opening).toBe('readers say the town should build a levee before next spring');
  });

  it('leaves out a block whose words the truth holds too rarely, and reads pages with no output or no truth', () => {
    const blocks = [['menu', 'shop', 'cart', 'river'], ['river', 'floods', 'every', 'spring']];
    expect(readRecall('', 'River floods every spring', blocks).added.map((block) => block.place)).toEqual(['no-output']);
    expect(readRecall('', 'River floods every spring', blocks).withBlocks).toBeCloseTo(1, 6);
    expect(readRecall('River floods', '', blocks)).toEqual({ base: 0, withWords: 0, withBlocks: 0, added: [] });
    expect(readRecall('', '', blocks).base).toBe(1);
  });
});

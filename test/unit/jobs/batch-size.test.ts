import { describe, expect, it } from 'vitest';
import { nextBatchSize } from '../../../workflows/batches.js';

/** The sizes lanes take, in turn, until nothing is left. */
function sizes(total: number, lanes: number, max: number): number[] {
  const taken: number[] = [];
  for (let left = total; left > 0; left -= taken.at(-1)!) taken.push(nextBatchSize(left, lanes, max));
  return taken;
}

describe('nextBatchSize (guided self-scheduling)', () => {
  it('takes half of an even share of what is left, at most max, at least one URL', () => {
    expect(nextBatchSize(1000, 8, 25)).toBe(25);
    expect(nextBatchSize(100, 8, 25)).toBe(7);
    expect(nextBatchSize(3, 8, 25)).toBe(1);
    expect(nextBatchSize(1, 1, 25)).toBe(1);
    expect(nextBatchSize(40, 1, 50)).toBe(20);
  });

  it('covers every URL exactly, and shrinks to single URLs at the end so lanes finish together', () => {
    const taken = sizes(500, 8, 25);
    expect(taken.reduce((a, b) => a + b, 0)).toBe(500);
    expect(taken.slice(0, 5)).toEqual([25, 25, 25, 25, 25]);
    expect(taken.slice(-8)).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    expect(taken.length).toBeLessThan(70); // activities for 500 URLs, not 500
  });

  it('never exceeds what is left or max, whatever the lanes', () => {
    for (const lanes of [0, 1, 3, 64]) {
      for (const left of [1, 2, 7, 99, 5000]) {
        const size = nextBatchSize(left, lanes, 25);
        expect(size).toBeGreaterThanOrEqual(1);
        expect(size).toBeLessThanOrEqual(Math.min(left, 25));
      }
    }
  });
});

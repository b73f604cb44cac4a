import { describe, expect, it } from 'vitest';
import { EVEN_SHARE_SIZING, CRAWL_SPREAD_START_SIZING, FIRST_BATCH_SIZING, nextBatchSize, type BatchSizing } from '../../../workflows/batches.js';

/** The sizes lanes take, in turn, until nothing is left. */
function sizes(total: number, lanes: number, max: number, sizing: BatchSizing = FIRST_BATCH_SIZING): number[] {
  const taken: number[] = [];
  for (let left = total; left > 0; left -= taken.at(-1)!) taken.push(nextBatchSize(left, lanes, max, sizing));
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

  it('never exceeds what is left or max, whatever the lanes and the sizing', () => {
    for (const sizing of [FIRST_BATCH_SIZING, EVEN_SHARE_SIZING, CRAWL_SPREAD_START_SIZING]) {
      for (const max of [1, 3, 25]) {
        for (const lanes of [0, 1, 3, 64]) {
          for (const left of [1, 2, 7, 99, 5000]) {
            const size = nextBatchSize(left, lanes, max, sizing);
            expect(size).toBeGreaterThanOrEqual(1);
            expect(size).toBeLessThanOrEqual(Math.min(left, max));
          }
        }
      }
    }
  });

  it('even-share sizing (bulk jobs since batch-sizes-v2, crawls since crawl-lanes-v2): at least 4 URLs, under half the activities of the first sizing', () => {
    expect(nextBatchSize(100, 8, 25, EVEN_SHARE_SIZING)).toBe(13);
    expect(nextBatchSize(10, 8, 25, EVEN_SHARE_SIZING)).toBe(4);
    expect(nextBatchSize(3, 8, 25, EVEN_SHARE_SIZING)).toBe(3);
    const taken = sizes(200, 8, 25, EVEN_SHARE_SIZING);
    expect(taken.reduce((a, b) => a + b, 0)).toBe(200);
    expect(taken.slice(0, -1).every((size) => size >= 4)).toBe(true);
    expect(taken.length).toBe(21);
    expect(sizes(200, 8, 25).length).toBe(49);
  });

  it('crawl sizing before crawl-lanes-v2: a small frontier spread over the lanes; a large one in batches of 4 or more', () => {
    expect(nextBatchSize(10, 8, 25, CRAWL_SPREAD_START_SIZING)).toBe(2);
    expect(nextBatchSize(5, 8, 25, CRAWL_SPREAD_START_SIZING)).toBe(1);
    expect(nextBatchSize(32, 8, 25, CRAWL_SPREAD_START_SIZING)).toBe(4);
    expect(nextBatchSize(400, 8, 25, CRAWL_SPREAD_START_SIZING)).toBe(25);
  });
});

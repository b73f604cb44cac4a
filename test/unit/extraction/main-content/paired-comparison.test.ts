import { describe, expect, it } from 'vitest';
import { comparePaired, meanWithInterval } from '../../../../scripts/lib/paired-comparison.js';

describe('how far a change moved a set, against its own noise (score:compare, score:held-out)', () => {
  it('gives the mean, its standard error over √n and a bootstrap interval around it, the same on every run', () => {
    const values = [0, 1, 0, 1, 0, 1, 0, 1];
    const figures = meanWithInterval(values);
    expect(figures.mean).toBe(0.5);
    // Population standard deviation 0.5 over √8.
    expect(figures.standardError).toBeCloseTo(0.5 / Math.sqrt(8), 10);
    const [low, high] = figures.interval;
    expect(low).toBeLessThan(0.5);
    expect(high).toBeGreaterThan(0.5);
    // About ±1.96 standard errors for a mean of eight coin flips.
    expect(low).toBeGreaterThan(0.1);
    expect(high).toBeLessThan(0.9);
    expect(meanWithInterval(values)).toEqual(figures);
  });

  it('has no spread where every value is the same, and reads an empty set as nothing', () => {
    expect(meanWithInterval([0.9, 0.9, 0.9])).toEqual({ mean: 0.9, standardError: 0, interval: [0.9, 0.9] });
    expect(meanWithInterval([])).toEqual({ mean: 0, standardError: 0, interval: [0, 0] });
  });

  it('compares two runs page by page: the change, pages up and down, each fold and type, the pages moved most', () => {
    const before = [
      { id: '0001', type: 'article', f1: 0.9 },
      { id: '0002', type: 'article', f1: 0.8 },
      { id: '0003', type: 'product', f1: 0.5 },
      { id: '0006', type: 'product', f1: 0.7 },
      { id: '0010', type: 'article', f1: 1 },
    ];
    const after = [
      { id: '0001', type: 'article', f1: 0.95 },
      { id: '0002', type: 'article', f1: 0.8 },
      { id: '0003', type: 'product', f1: 0.2 },
      { id: '0006', type: 'product', f1: 0.7 },
      { id: '0010', type: 'article', f1: 1 },
    ];
    const comparison = comparePaired(before, after);
    expect(comparison.pages).toBe(5);
    expect(comparison.before).toBeCloseTo(0.78, 10);
    expect(comparison.after).toBeCloseTo(0.73, 10);
    expect(comparison.difference.mean).toBeCloseTo(-0.05, 10);
    expect([comparison.up, comparison.down]).toEqual([1, 1]);
    // Folds by id mod 5: 0001 and 0006 in fold 1, 0002 in 2, 0003 in 3, 0010 in 0.
    expect(comparison.folds?.map((fold) => Number(fold.toFixed(4)))).toEqual([0, 0.025, 0, -0.3, 0]);
    expect(comparison.types?.map(({ type, pages, difference }) => [type, pages, Number(difference.toFixed(4))])).toEqual([
      ['article', 3, 0.01],
      ['product', 2, -0.06],
    ]);
    expect(comparison.moved.map((page) => page.id)).toEqual(['0003', '0001']);
  });

  it('leaves out a page one run lacks, and names no folds or types where the ids are no numbers or the set has no types', () => {
    const comparison = comparePaired(
      [
        { id: 'a1', f1: 0.5 },
        { id: 'b2', f1: 0.6 },
      ],
      [{ id: 'a1', f1: 0.7 }],
    );
    expect(comparison.pages).toBe(1);
    expect(comparison.difference.mean).toBeCloseTo(0.2, 10);
    expect(comparison.folds).toBeNull();
    expect(comparison.types).toBeNull();
  });
});

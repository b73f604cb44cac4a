/**
 * How far a change to the pipeline moved a set's mean page F1, and whether that is more than the set's own
 * noise: two runs over the same pages compared page by page (score:compare), and one run's mean with its
 * uncertainty (score:held-out). The interval is a percentile bootstrap over pages with a fixed seed, so the
 * same inputs print the same figures.
 *
 * Why: WCXB dev's page F1s spread with a standard deviation near 0.19, so a mean over its 1,497 pages has a
 * standard error near 0.005, and a rule that moves five pages moves the mean by a few ten-thousandths.
 * Until now each experiment was read as "+0.00004, 2 up, 1 down" without saying whether that was noise.
 */
import { mean as meanOf, meanF1ByFold } from './wcxb-folds.js';

export interface PageFigure {
  id: string;
  f1: number;
  /** WCXB's page type, where the set names one. */
  type?: string;
}

export interface MeanWithInterval {
  mean: number;
  /** Standard deviation of the values over √n. */
  standardError: number;
  /** The 2.5th and 97.5th percentiles of the bootstrap means. */
  interval: [number, number];
}

export interface PairedComparison {
  pages: number;
  before: number;
  after: number;
  /** after − before, and its uncertainty over the pages. */
  difference: MeanWithInterval;
  up: number;
  down: number;
  /** The change of each fold's mean (WCXB dev's folds: id mod 5), when the ids are numbers. */
  folds: number[] | null;
  /** Each page type's part of the difference (its pages' changes over all pages), when every page names a type. */
  types: { type: string; pages: number; difference: number }[] | null;
  /** Pages whose F1 moved, most moved first. */
  moved: { id: string; type?: string; before: number; after: number }[];
}

export const BOOTSTRAP_RESAMPLES = 2000;
const SEED = 0x5eed;

/** mulberry32: a small seeded generator, so a bootstrap prints the same interval on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The mean of `values`, its standard error and a 95% bootstrap interval (BOOTSTRAP_RESAMPLES resamples, fixed seed). */
export function meanWithInterval(values: readonly number[], resamples = BOOTSTRAP_RESAMPLES): MeanWithInterval {
  const n = values.length;
  if (n === 0) return { mean: 0, standardError: 0, interval: [0, 0] };
  const mean = meanOf(values);
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / n;
  const random = seededRandom(SEED);
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let k = 0; k < n; k++) sum += values[Math.floor(random() * n)] as number;
    means[r] = sum / n;
  }
  means.sort();
  const at = (share: number) => means[Math.min(resamples - 1, Math.max(0, Math.round(share * (resamples - 1))))] as number;
  return { mean, standardError: Math.sqrt(variance / n), interval: [at(0.025), at(0.975)] };
}

/** Two runs over the same pages, page by page; a page missing from either run is left out of both. */
export function comparePaired(before: readonly PageFigure[], after: readonly PageFigure[]): PairedComparison {
  const afterById = new Map(after.map((page) => [page.id, page.f1]));
  const pairs = before.flatMap((page) => {
    const next = afterById.get(page.id);
    return next === undefined ? [] : [{ id: page.id, type: page.type, before: page.f1, after: next }];
  });
  const numbered = pairs.length > 0 && pairs.every((pair) => /^\d+$/.test(pair.id));
  const folds = numbered ? meanF1ByFold(pairs.map((pair) => ({ id: pair.id, f1: pair.after - pair.before }))) : null;
  let types: PairedComparison['types'] = null;
  if (pairs.length > 0 && pairs.every((pair) => pair.type !== undefined)) {
    const byType = new Map<string, { pages: number; change: number }>();
    for (const pair of pairs) {
      const entry = byType.get(pair.type as string) ?? { pages: 0, change: 0 };
      entry.pages++;
      entry.change += pair.after - pair.before;
      byType.set(pair.type as string, entry);
    }
    types = [...byType].sort(([a], [b]) => a.localeCompare(b)).map(([type, { pages, change }]) => ({ type, pages, difference: change / pairs.length }));
  }
  const moved = pairs.filter((pair) => pair.after !== pair.before).sort((a, b) => Math.abs(b.after - b.before) - Math.abs(a.after - a.before));
  return {
    pages: pairs.length,
    before: meanOf(pairs.map((pair) => pair.before)),
    after: meanOf(pairs.map((pair) => pair.after)),
    difference: meanWithInterval(pairs.map((pair) => pair.after - pair.before)),
    up: pairs.filter((pair) => pair.after > pair.before).length,
    down: pairs.filter((pair) => pair.after < pair.before).length,
    folds,
    types,
    moved,
  };
}

/** Most URLs or pages per activity when a job's input does not say (it does since batches: JOB_BATCH_MAX at submission). */
export const BATCH_MAX = 25;

/** How a lane sizes its next batch. */
export interface BatchSizing {
  /** A batch takes about remaining / (divisor × lanes). */
  divisor: number;
  /** Fewest URLs a batch takes while that many are left (`whenEveryLaneCan`: only while every lane can get that many). */
  min: number;
  whenEveryLaneCan: boolean;
}

/** Before `batch-sizes-v2`: half an even share, down to one URL (histories recorded then replay with it). */
export const FIRST_BATCH_SIZING: BatchSizing = { divisor: 2, min: 1, whenEveryLaneCan: false };

/**
 * Since `batch-sizes-v2` (bulk jobs) and `crawl-lanes-v2` (crawls): an even share (classic guided
 * self-scheduling), at least 4 URLs. Every batch is one activity the Temporal server schedules, starts,
 * completes and records, and one workflow task: a 200-URL bulk job on 8 lanes took 49 batches, now 21
 * (`bench:bulk`: the dev server's CPU per page was a third of the job machinery's cost). The last batches
 * of a lane are 4 URLs (a few seconds) instead of one, while other jobs' batches fill the worker's slots.
 */
export const EVEN_SHARE_SIZING: BatchSizing = { divisor: 1, min: 4, whenEveryLaneCan: false };

/**
 * Crawls from `batch-sizes-v2` until `crawl-lanes-v2` (their histories replay with it): the minimum only
 * once every lane could get it. A lane sees the links a batch found only when the whole batch ends, so
 * the frontier a crawl's workflow sees stays small: 5 crawls of 200 pages on 8 lanes each took 47–62
 * batches per crawl this way, against 34–42 with EVEN_SHARE_SIZING, and the Temporal dev server spent
 * ~2 CPU-seconds more per 1,000 pages (5 such crawls on a fresh bench service, two runs each).
 */
export const CRAWL_SPREAD_START_SIZING: BatchSizing = { divisor: 1, min: 4, whenEveryLaneCan: true };

/**
 * How many URLs the next batch of a lane takes (guided self-scheduling): a share of what is left, at
 * most `max`. Batches are large while much is left and shrink near the end, so the lanes of a run finish
 * together instead of all waiting on one long last batch. A function of workflow state only: replays
 * compute the same sizes.
 */
export function nextBatchSize(remaining: number, lanes: number, max: number, sizing: BatchSizing = FIRST_BATCH_SIZING): number {
  const laneCount = Math.max(1, lanes);
  const floor = !sizing.whenEveryLaneCan || remaining >= laneCount * sizing.min ? sizing.min : 1;
  const share = Math.ceil(remaining / (sizing.divisor * laneCount));
  return Math.max(1, Math.min(remaining, max, Math.max(floor, share)));
}

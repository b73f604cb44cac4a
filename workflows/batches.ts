/** Most URLs or pages per activity when a job's input does not say (it does since batches: JOB_BATCH_MAX at submission). */
export const BATCH_MAX = 25;

/**
 * How many URLs the next batch of a lane takes (guided self-scheduling): half of an even share of what is
 * left, at most `max`. Batches are large while much is left and shrink to one URL near the end, so the
 * lanes of a run finish together instead of all waiting on one long last batch. A function of workflow
 * state only: replays compute the same sizes.
 */
export function nextBatchSize(remaining: number, lanes: number, max: number): number {
  return Math.max(1, Math.min(max, remaining, Math.ceil(remaining / (2 * Math.max(1, lanes)))));
}

import { sleep } from '@temporalio/workflow';

/** Sleeps a full day on a durable timer and reports how much workflow time passed. */
export async function sleepForADay(): Promise<{ sleptMs: number }> {
  const before = Date.now(); // workflow time: deterministic, advanced by the server's clock
  await sleep('24 hours');
  return { sleptMs: Date.now() - before };
}

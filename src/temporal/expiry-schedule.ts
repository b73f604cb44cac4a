import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import type { Config } from '../config/config.js';
import { expireJobsWorkflow } from '../../workflows/expire-jobs.js';

export const EXPIRY_SCHEDULE_ID = 'pith-expire-jobs';

/**
 * The durable cleanup of expired jobs: a Temporal Schedule that starts `expireJobsWorkflow` every
 * JOB_EXPIRY_SWEEP_MS (reads refuse expired jobs on their own; this frees the storage). Idempotent: an
 * existing schedule is updated to the configured interval and task queue.
 */
export async function ensureExpirySchedule(client: Client, cfg: Config, scheduleId = EXPIRY_SCHEDULE_ID): Promise<void> {
  const action = {
    type: 'startWorkflow' as const,
    workflowType: expireJobsWorkflow,
    taskQueue: cfg.TEMPORAL_TASK_QUEUE,
    args: [] as [],
    workflowExecutionTimeout: '1 hour',
  };
  const spec = { intervals: [{ every: cfg.JOB_EXPIRY_SWEEP_MS }] };
  try {
    await client.schedule.create({ scheduleId, spec, action, policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 hour' } });
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    await client.schedule.getHandle(scheduleId).update((previous) => ({ ...previous, spec, action }));
  }
}

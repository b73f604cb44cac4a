import { ScheduleNotFoundError, ScheduleOverlapPolicy, type Client, type ScheduleSpec } from '@temporalio/client';
import type { Watch } from '@prisma/client';
import type { Config } from '../config/config.js';
import { WATCH_LIMITS } from '../contract/limits.js';
import { SEARCH_ATTRIBUTE_KEYS } from '../../workflows/search-attributes.js';
import { watchRunWorkflow } from '../../workflows/watch-run.js';
import type { WatchCadence } from './watch-cadence.js';

/**
 * A watch's Temporal Schedule, `watch-<id>`: its runs are `watchRunWorkflow` (workflow ids
 * `watch-<id>-<scheduled time>`), found in the Web UI by `WatchId` and `AccountId`.
 */

export const watchScheduleIdFor = (watchId: string) => `watch-${watchId}`;

/**
 * Intervals count from the watch's creation (Temporal aligns them to the epoch plus an offset), so "1d"
 * runs at the time of day it was made; cron expressions are read in UTC.
 */
export function scheduleSpecOf(cadence: WatchCadence, anchor: Date): ScheduleSpec {
  if (cadence.intervalSeconds === null) return { cronExpressions: [cadence.cron] };
  const everyMs = cadence.intervalSeconds * 1000;
  return { intervals: [{ every: everyMs, offset: Math.floor(anchor.getTime() / 1000) * 1000 % everyMs }] };
}

const searchAttributesOf = (watch: Pick<Watch, 'id' | 'accountId'>) => [
  { key: SEARCH_ATTRIBUTE_KEYS.accountId, value: watch.accountId },
  { key: SEARCH_ATTRIBUTE_KEYS.watchId, value: watch.id },
];

function actionOf(cfg: Config, watch: Pick<Watch, 'id' | 'accountId'>) {
  return {
    type: 'startWorkflow' as const,
    workflowType: watchRunWorkflow,
    workflowId: watchScheduleIdFor(watch.id),
    taskQueue: cfg.TEMPORAL_TASK_QUEUE,
    args: [{ watchId: watch.id }] as [{ watchId: string }],
    typedSearchAttributes: [...searchAttributesOf(watch), { key: SEARCH_ATTRIBUTE_KEYS.jobKind, value: 'watch' }],
  };
}

/**
 * Creates the schedule and takes its first run at once (the baseline each later run compares with).
 * BUFFER_ONE: a tick that comes while a run is still going runs after it, a third is dropped (looking
 * twice more at the same pages adds nothing); ticks missed while Temporal was down are caught up
 * within WATCH_LIMITS.catchupWindow.
 */
export async function createWatchSchedule(temporal: Client, cfg: Config, watch: Pick<Watch, 'id' | 'accountId'>, cadence: WatchCadence, now = new Date()): Promise<void> {
  await temporal.schedule.create({
    scheduleId: watchScheduleIdFor(watch.id),
    spec: scheduleSpecOf(cadence, now),
    action: actionOf(cfg, watch),
    policies: { overlap: ScheduleOverlapPolicy.BUFFER_ONE, catchupWindow: WATCH_LIMITS.catchupWindow },
    state: { triggerImmediately: true, note: `watch every ${cadence.every}` },
    typedSearchAttributes: searchAttributesOf(watch),
  });
}

export async function changeWatchCadence(temporal: Client, watchId: string, cadence: WatchCadence, now = new Date()): Promise<void> {
  await temporal.schedule.getHandle(watchScheduleIdFor(watchId)).update((previous) => ({ ...previous, spec: scheduleSpecOf(cadence, now), state: { ...previous.state, note: `watch every ${cadence.every}` } }));
}

export async function pauseWatchSchedule(temporal: Client, watchId: string, reason: string): Promise<void> {
  await temporal.schedule.getHandle(watchScheduleIdFor(watchId)).pause(`paused: ${reason}`);
}

export async function resumeWatchSchedule(temporal: Client, watchId: string): Promise<void> {
  await temporal.schedule.getHandle(watchScheduleIdFor(watchId)).unpause('resumed');
}

/** Deleting a schedule that is already gone is success (a retried DELETE). */
export async function deleteWatchSchedule(temporal: Client, watchId: string): Promise<void> {
  try {
    await temporal.schedule.getHandle(watchScheduleIdFor(watchId)).delete();
  } catch (err) {
    if (!(err instanceof ScheduleNotFoundError)) throw err;
  }
}

/** When the schedule runs next (null: paused, or Temporal did not answer within `timeoutMs`). */
export async function nextRunOf(temporal: Client, watchId: string, timeoutMs = 1500): Promise<Date | null> {
  try {
    const described = await temporal.withDeadline(Date.now() + timeoutMs, () => temporal.schedule.getHandle(watchScheduleIdFor(watchId)).describe());
    return described.state.paused ? null : (described.info.nextActionTimes[0] ?? null);
  } catch {
    return null;
  }
}

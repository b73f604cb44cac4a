import type { Context } from '@temporalio/activity';

/**
 * Fewest milliseconds between two heartbeats one activity hands to the SDK. A batch activity beats for
 * every URL it stores and while each URL is fetched; each beat encodes its details and crosses into the
 * SDK's native core (~1 ms of the worker's main thread, `bench:bulk` profile), while the core sends at
 * most one to the server per heartbeat-timeout interval anyway. A dropped beat loses nothing: the next
 * carries newer details, and a resumed batch reads what is stored past its checkpoint.
 */
export const HEARTBEAT_MIN_INTERVAL_MS = 1000;

const lastBeat = new WeakMap<Context, number>();

/** Heartbeats `details` for the activity of `context`, unless it heartbeat less than HEARTBEAT_MIN_INTERVAL_MS ago. */
export function heartbeatAtMostEverySecond(context: Context, details?: unknown): void {
  const now = Date.now();
  const last = lastBeat.get(context);
  if (last !== undefined && now - last < HEARTBEAT_MIN_INTERVAL_MS) return;
  lastBeat.set(context, now);
  context.heartbeat(details);
}

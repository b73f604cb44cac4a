import { AsyncLocalStorage } from 'node:async_hooks';

/** Fields every log line written inside a unit of work carries (an API request, an activity). */
export interface LogContext {
  requestId?: string;
  jobId?: string;
  workflowId?: string;
  activity?: string;
}

const storage = new AsyncLocalStorage<LogContext>();

/** Runs `work` with `fields` added to the current context; code it calls (and its timers) inherit them. */
export function withLogContext<T>(fields: LogContext, work: () => T): T {
  return storage.run({ ...storage.getStore(), ...fields }, work);
}

/** Runs `work` with exactly `fields`: a unit of work that must not inherit whatever context scheduled it. */
export function withOwnLogContext<T>(fields: LogContext, work: () => T): T {
  return storage.run(fields, work);
}

export function logContext(): LogContext | undefined {
  return storage.getStore();
}

/** The id of the API request this work descends from, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

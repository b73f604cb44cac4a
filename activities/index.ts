import { createJobActivities, type JobActivityDeps } from './job-activities.js';

export type ActivityDeps = JobActivityDeps;

/** Every activity the worker registers, bound to its dependencies. */
export function createActivities(deps: ActivityDeps) {
  return { ...createJobActivities(deps) };
}

export type JobActivities = ReturnType<typeof createActivities>;

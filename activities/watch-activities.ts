import type { Client } from '@temporalio/client';
import type { Db } from '../src/db/prisma.js';
import type { Config } from '../src/config/config.js';
import { beginWatchRun, concludeWatchRun } from '../src/watches/watch-runs.js';
import type { WatchActivities } from '../workflows/activities.js';

export interface WatchActivityDeps {
  db: Db;
  cfg: Config;
  /** For a watch that pauses itself (its schedule is paused too). */
  temporal: Client;
}

export function createWatchActivities(deps: WatchActivityDeps): WatchActivities {
  return {
    beginWatchRun: (input) => beginWatchRun(deps, input),
    concludeWatchRun: (input) => concludeWatchRun(deps, input),
  };
}

import type { Client } from '@temporalio/client';
import type { Job } from '@prisma/client';
import type { Db } from '../db/prisma.js';
import type { Config } from '../config/config.js';
import { startJobWorkflow } from './start-workflow.js';
import { findUnstartedJobs, markWorkflowsStarted } from './store/index.js';
import { coalesced } from '../db/coalesce.js';

/** A job not started this long after it was written is taken over by the sweep (its own start is slow or was lost). */
export const START_GRACE_MS = 5_000;
const SWEEP_EVERY_MS = 2_000;
const SWEEP_BATCH = 50;

export interface JobStarterDeps {
  db: Db;
  temporal: Client;
  cfg: Config;
}

/** Per database client: the starts recorded together (twenty submissions at once: a statement or two, not twenty commits). */
const startMarks = new WeakMap<Db, (job: Job) => Promise<void>>();

function markStarted(db: Db, job: Job): Promise<void> {
  let mark = startMarks.get(db);
  if (!mark) startMarks.set(db, (mark = coalesced<Job>((jobs) => markWorkflowsStarted(db, jobs))));
  return mark(job);
}

/** Starts the job's workflow (idempotent: the workflow id is derived from the job id) and records it. */
export async function startJob(deps: JobStarterDeps, job: Job): Promise<void> {
  await startJobWorkflow(deps.temporal, deps.cfg, job);
  await markStarted(deps.db, job);
}

/**
 * The job table is the outbox of workflow starts: a submission answers once its job is committed, and
 * its workflow is started right after, off the request path. This sweep, run by every API process,
 * starts whatever was committed but not started — the API died in between, or Temporal was down — so an
 * accepted job always runs. Two processes starting the same job meet at the workflow id.
 */
export function startJobStarter(deps: JobStarterDeps, log: (msg: string, extra: object) => void): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  let lastError = '';
  const sweep = async () => {
    const pending = await findUnstartedJobs(deps.db, new Date(Date.now() - START_GRACE_MS), SWEEP_BATCH);
    for (const job of pending) await startJob(deps, job);
    if (pending.length > 0) log('started pending jobs', { count: pending.length });
    lastError = '';
  };
  const timer = setInterval(() => {
    if (running) return;
    running = sweep()
      .catch((err: Error) => {
        // Logged once per distinct failure: Temporal down for an hour is one line, not 1,800.
        if (err.message !== lastError) log('job starter: could not start pending jobs; will retry', { error: err.message });
        lastError = err.message;
      })
      .finally(() => (running = undefined));
  }, SWEEP_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

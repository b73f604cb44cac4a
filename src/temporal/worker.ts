import { type NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { Client } from '@temporalio/client';
import type { Config } from '../config/config.js';
import type { Db } from '../db/prisma.js';
import { createActivities } from '../../activities/index.js';
import type { HtmlExtractor } from '../extraction/threads/thread-pool.js';
import type { BrowserPool } from '../extraction/render/index.js';
import type { Tracing } from '../observability/tracing.js';
import { activityInterceptors, workflowInterceptorModules, workflowSinks } from './interceptors.js';
import { workflowsPath } from './workflow-sources.js';

export interface PithWorkerOptions {
  cfg: Config;
  db: Db;
  extractor?: HtmlExtractor;
  renderer?: BrowserPool;
  connection: NativeConnection;
  /**
   * Pre-built bundle (workflow-bundle.ts; tests bundle once); otherwise the worker bundles `workflows/` at start. A bundle must
   * include workflowInterceptorModules(<tracing on>) (bundleWorkflowCode's `workflowInterceptorModules`).
   */
  workflowBundle?: WorkerOptions['workflowBundle'];
  /** OpenTelemetry tracing (src/observability/tracing.ts); absent → off. */
  tracing?: Tracing | undefined;
}

/** A worker for Pith's job task queue: the job workflows and the activities that fetch, extract and store. */
export function createPithWorker({ cfg, db, connection, workflowBundle, extractor, renderer, tracing }: PithWorkerOptions): Promise<Worker> {
  const sinks = workflowSinks(tracing);
  return Worker.create({
    connection,
    namespace: cfg.TEMPORAL_NAMESPACE,
    taskQueue: cfg.TEMPORAL_TASK_QUEUE,
    ...(workflowBundle ? { workflowBundle } : { workflowsPath }),
    interceptors: {
      // Used only when the worker bundles `workflows/` itself (see workflowBundle).
      workflowModules: workflowInterceptorModules(tracing !== undefined),
      activity: activityInterceptors(tracing),
    },
    ...(sinks ? { sinks } : {}),
    // The activities' client shares the worker's connection (a watch pausing its own schedule).
    activities: createActivities({ db, cfg, temporal: new Client({ connection, namespace: cfg.TEMPORAL_NAMESPACE }), ...(extractor ? { extractor } : {}), ...(renderer ? { renderer } : {}) }),
    maxConcurrentActivityTaskExecutions: cfg.WORKER_ACTIVITY_CONCURRENCY,
  });
}

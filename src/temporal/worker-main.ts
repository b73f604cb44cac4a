import { NativeConnection } from '@temporalio/worker';
import { Connection } from '@temporalio/client';
import { config } from '../config/config.js';
import { createDb } from '../db/prisma.js';
import { requireDatabaseUrl, requireTemporalAddress } from '../config/runtime-env.js';
import { createPithWorker } from './worker.js';
import { workflowBundle } from './workflow-bundle.js';
import { createExtractionServices } from '../extraction/services.js';
import { ensureExpirySchedule } from './expiry-schedule.js';
import { clientOn } from './client.js';
import { installWorkerRuntime } from './runtime.js';
import { serveWorkerMetrics } from './worker-metrics-server.js';
import { createLogger, log, setLogger } from '../observability/logger.js';
import { startTracing } from '../observability/tracing.js';
import { startMemoryReport } from '../observability/memory-report.js';
import { lowerCpuPriority } from './cpu-priority.js';

/** The worker process: `npm start` runs one; more can run anywhere that reaches Temporal and PostgreSQL. */
const cfg = config();
setLogger(createLogger(cfg.LOG_LEVEL));
// First, so that every thread started from here on (the Temporal core's, extraction threads) inherits it.
lowerCpuPriority(cfg.WORKER_NICE);
installWorkerRuntime(cfg);
const tracing = startTracing(cfg);
const db = createDb(requireDatabaseUrl(cfg), cfg.WORKER_ACTIVITY_CONCURRENCY + 2);
const address = requireTemporalAddress(cfg);
const connection = await NativeConnection.connect({ address });
const clientConnection = await Connection.connect({ address });
try {
  await ensureExpirySchedule(clientOn(clientConnection, cfg.TEMPORAL_NAMESPACE), cfg);
} catch (err) {
  // Reads refuse expired jobs regardless; only storage cleanup waits for the next worker start.
  log().warn({ error: (err as Error).message }, 'could not create the job expiry schedule');
}
const metricsServer = cfg.WORKER_METRICS_PORT !== undefined ? await serveWorkerMetrics(cfg, cfg.WORKER_METRICS_PORT) : undefined;
const extraction = createExtractionServices(cfg);
const stopMemoryReport = cfg.MEMORY_REPORT_DIR ? startMemoryReport('worker', cfg.MEMORY_REPORT_DIR, cfg.MEMORY_REPORT_MS, () => extraction.extractor.threadHeapSnapshots?.() ?? []) : undefined;
const bundle = await workflowBundle(tracing !== undefined);
const worker = await createPithWorker({ cfg, db, connection, extractor: extraction.extractor, renderer: extraction.renderer, tracing, ...(bundle ? { workflowBundle: bundle } : {}) });
log().info({ taskQueue: cfg.TEMPORAL_TASK_QUEUE, metricsPort: cfg.WORKER_METRICS_PORT, temporalMetricsPort: cfg.TEMPORAL_METRICS_PORT, tracing: tracing !== undefined }, 'worker polling');
// run() resolves after SIGINT/SIGTERM drain in-flight tasks (the SDK installs those handlers).
await worker.run();
metricsServer?.close();
stopMemoryReport?.();
await Promise.allSettled([connection.close(), clientConnection.close(), db.$disconnect(), extraction.close(), tracing?.shutdown()]);
log().info('worker stopped');

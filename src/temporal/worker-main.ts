import { NativeConnection } from '@temporalio/worker';
import { Client, Connection } from '@temporalio/client';
import { config } from '../config.js';
import { createDb } from '../db/prisma.js';
import { requireDatabaseUrl, requireTemporalAddress } from '../runtime-env.js';
import { createPithWorker } from './worker.js';
import { createExtractionServices } from '../runtime-services.js';
import { ensureExpirySchedule } from './expiry-schedule.js';

/** The worker process: `npm start` runs one; more can run anywhere that reaches Temporal and PostgreSQL. */
const cfg = config();
const log = (level: string, msg: string, extra: object = {}) => console.log(JSON.stringify({ level, msg, ...extra }));
const db = createDb(requireDatabaseUrl(cfg), cfg.WORKER_ACTIVITY_CONCURRENCY + 2);
const address = requireTemporalAddress(cfg);
const connection = await NativeConnection.connect({ address });
const clientConnection = await Connection.connect({ address });
try {
  await ensureExpirySchedule(new Client({ connection: clientConnection, namespace: cfg.TEMPORAL_NAMESPACE }), cfg);
} catch (err) {
  // Reads refuse expired jobs regardless; only storage cleanup waits for the next worker start.
  log('warn', 'could not create the job expiry schedule', { error: (err as Error).message });
}
const extraction = createExtractionServices(cfg);
const worker = await createPithWorker({ cfg, db, connection, extractor: extraction.extractor, renderer: extraction.renderer });
log('info', 'worker polling', { taskQueue: cfg.TEMPORAL_TASK_QUEUE });
// run() resolves after SIGINT/SIGTERM drain in-flight tasks (the SDK installs those handlers).
await worker.run();
await Promise.allSettled([connection.close(), clientConnection.close(), db.$disconnect(), extraction.close()]);
log('info', 'worker stopped');

import { NativeConnection } from '@temporalio/worker';
import { config } from '../config.js';
import { createDb } from '../db/prisma.js';
import { requireDatabaseUrl, requireTemporalAddress } from '../runtime-env.js';
import { createPithWorker } from './worker.js';
import { createExtractionServices } from '../runtime-services.js';

/** The worker process: `npm start` runs one; more can run anywhere that reaches Temporal and PostgreSQL. */
const cfg = config();
const db = createDb(requireDatabaseUrl(cfg), cfg.WORKER_ACTIVITY_CONCURRENCY + 2);
const connection = await NativeConnection.connect({ address: requireTemporalAddress(cfg) });
const extraction = createExtractionServices(cfg);
const worker = await createPithWorker({ cfg, db, connection, extractor: extraction.extractor, renderer: extraction.renderer });
console.log(JSON.stringify({ level: 'info', msg: 'worker polling', taskQueue: cfg.TEMPORAL_TASK_QUEUE }));
// run() resolves after SIGINT/SIGTERM drain in-flight tasks (the SDK installs those handlers).
await worker.run();
await Promise.allSettled([connection.close(), db.$disconnect(), extraction.close()]);
console.log(JSON.stringify({ level: 'info', msg: 'worker stopped' }));

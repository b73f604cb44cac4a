/**
 * A webhook worker in a process of its own, so a test can SIGKILL it in the middle of an attempt.
 * Env: TEMPORAL_ADDRESS, TASK_QUEUE, DATABASE_URL, WEBHOOK_ENCRYPTION_KEY. Prints `ready` once polling.
 */
import { fileURLToPath } from 'node:url';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { parseConfig } from '../../src/config/config.js';
import { createDb } from '../../src/db/prisma.js';
import { createWebhookActivities } from '../../activities/webhook-activities.js';

Runtime.install({ logger: new DefaultLogger('ERROR') });
const cfg = parseConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ALLOW_PRIVATE_TARGETS: 'true' });
const db = createDb(cfg.DATABASE_URL ?? '');
const connection = await NativeConnection.connect({ address: cfg.TEMPORAL_ADDRESS ?? '' });
const worker = await Worker.create({
  connection,
  taskQueue: process.env.TASK_QUEUE ?? '',
  workflowsPath: fileURLToPath(new URL('../workflows/completion-webhook.ts', import.meta.url)),
  activities: createWebhookActivities({ db, cfg }),
  // No workflow cache, hence no sticky task queue: once this process is killed, the workflow's next task goes
  // to the normal queue at once (the Java test server never times out a dead worker's sticky queue).
  maxCachedWorkflows: 0,
});
const running = worker.run();
console.log('ready');
await running;

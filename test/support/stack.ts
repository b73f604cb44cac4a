import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { inject } from 'vitest';
import { DefaultLogger, NativeConnection, Runtime, bundleWorkflowCode, type Worker } from '@temporalio/worker';
import { Client, Connection } from '@temporalio/client';
import { parseConfig, type Config } from '../../src/config.js';
import { createDb, type Db } from '../../src/db/prisma.js';
import { createApp } from '../../src/api/app.js';
import type { AppDeps } from '../../src/api/state.js';
import { createPithWorker, workflowsPath } from '../../src/temporal/worker.js';
import { createExtractionServices } from '../../src/runtime-services.js';
import { createApiDeps } from '../../src/api/deps.js';

export interface Stack {
  deps: AppDeps;
  cfg: Config;
  db: Db;
  temporal: Client;
  baseUrl: string;
  worker: Worker;
  stop(): Promise<void>;
}

let runtimeInstalled = false;

/** SDK logs at ERROR only: expected per-URL failures would otherwise fill the test output. */
export function quietTemporalRuntime(): void {
  if (runtimeInstalled) return;
  runtimeInstalled = true;
  Runtime.install({ logger: new DefaultLogger('ERROR') });
}

let bundle: Promise<Awaited<ReturnType<typeof bundleWorkflowCode>>> | undefined;

/** The real workflow bundle, built once per test file. */
export function workflowBundle() {
  bundle ??= bundleWorkflowCode({ workflowsPath, logger: { trace() {}, debug() {}, info() {}, warn: console.warn, error: console.error, log() {} } });
  return bundle;
}

/**
 * Pith's API and a worker in this process, on the run's PostgreSQL and Temporal server, with a task
 * queue of their own so that test files never steal each other's work.
 */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  quietTemporalRuntime();
  const taskQueue = `test-${Math.random().toString(36).slice(2, 10)}`;
  const cfg = parseConfig({
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATABASE_URL: inject('databaseUrl'),
    TEMPORAL_ADDRESS: inject('temporalAddress'),
    TEMPORAL_TASK_QUEUE: taskQueue,
    ALLOW_PRIVATE_TARGETS: 'true',
    FETCH_TIMEOUT_MS: '5000',
    // Vitest runs TypeScript through its own transform, which worker threads would not inherit.
    EXTRACTION_THREADS: '0',
    RENDER_MAX_PAGES: '2',
    // Test files register many accounts from 127.0.0.1; the limit itself has a test of its own.
    REGISTER_LIMIT_PER_HOUR: '100000',
    WEBHOOK_ENCRYPTION_KEY: 'ab'.repeat(32),
    ...env,
  });
  const db = createDb(cfg.DATABASE_URL ?? '');
  const connection = await Connection.connect({ address: cfg.TEMPORAL_ADDRESS ?? '' });
  const temporal = new Client({ connection, namespace: cfg.TEMPORAL_NAMESPACE });
  const nativeConnection = await NativeConnection.connect({ address: cfg.TEMPORAL_ADDRESS ?? '' });
  const extraction = createExtractionServices(cfg);
  const worker = await createPithWorker({ cfg, db, connection: nativeConnection, workflowBundle: await workflowBundle(), ...extraction });
  const running = worker.run();

  const deps = createApiDeps(cfg, db, temporal, extraction);
  // PORT is 0 (any free port) unless a test needs the address fixed in advance (BASE_URL/MCP_URL that clients follow).
  const server: Server = createApp(deps).listen(cfg.PORT, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    deps,
    cfg,
    db,
    temporal,
    baseUrl,
    worker,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      worker.shutdown();
      await running;
      await deps.close();
      await Promise.allSettled([connection.close(), nativeConnection.close(), db.$disconnect(), extraction.close()]);
    },
  };
}

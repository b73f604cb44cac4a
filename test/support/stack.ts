import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { inject } from 'vitest';
import { DefaultLogger, NativeConnection, Runtime, bundleWorkflowCode, type Worker } from '@temporalio/worker';
import { type Client, Connection } from '@temporalio/client';
import type { DestinationStream } from 'pino';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { parseConfig, type Config } from '../../src/config/config.js';
import { createDb, type Db } from '../../src/db/prisma.js';
import { createApp } from '../../src/edge/app.js';
import type { AppDeps } from '../../src/edge/state.js';
import { createPithWorker } from '../../src/temporal/worker.js';
import { workflowsPath } from '../../src/temporal/workflow-sources.js';
import { createExtractionServices } from '../../src/extraction/services.js';
import { createApiDeps } from '../../src/edge/deps.js';
import { clientOn } from '../../src/temporal/client.js';
import { workflowInterceptorModules } from '../../src/temporal/interceptors.js';
import { createLogger, setLogger } from '../../src/observability/logger.js';
import { startTracing } from '../../src/observability/tracing.js';

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

const bundles = new Map<boolean, Promise<Awaited<ReturnType<typeof bundleWorkflowCode>>>>();

/** The real workflow bundle with the production interceptor modules (OpenTelemetry's too when `tracing`), built once per test file. */
export function workflowBundle(tracing = false) {
  let bundle = bundles.get(tracing);
  if (!bundle) {
    bundle = bundleWorkflowCode({
      workflowsPath,
      workflowInterceptorModules: workflowInterceptorModules(tracing),
      logger: { trace() {}, debug() {}, info() {}, warn: console.warn, error: console.error, log() {} },
    });
    bundles.set(tracing, bundle);
  }
  return bundle;
}

export interface StackOptions {
  /** Where the process's JSON log lines go (a test reads them); LOG_LEVEL still decides which. */
  logDestination?: DestinationStream;
  /** Turns tracing on with this span processor (an in-memory exporter in tests). */
  spanProcessor?: SpanProcessor;
}

/**
 * Pith's API and a worker in this process, on the run's PostgreSQL and Temporal server, with a task
 * queue of their own so that test files never steal each other's work.
 */
export async function startStack(env: Record<string, string> = {}, options: StackOptions = {}): Promise<Stack> {
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
  setLogger(createLogger(cfg.LOG_LEVEL, options.logDestination));
  const tracing = startTracing(cfg, options.spanProcessor);
  const db = createDb(cfg.DATABASE_URL ?? '');
  const connection = await Connection.connect({ address: cfg.TEMPORAL_ADDRESS ?? '' });
  const temporal: Client = clientOn(connection, cfg.TEMPORAL_NAMESPACE, tracing);
  const nativeConnection = await NativeConnection.connect({ address: cfg.TEMPORAL_ADDRESS ?? '' });
  const extraction = createExtractionServices(cfg);
  const worker = await createPithWorker({ cfg, db, connection: nativeConnection, workflowBundle: await workflowBundle(tracing !== undefined), tracing, ...extraction });
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
      await Promise.allSettled([connection.close(), nativeConnection.close(), db.$disconnect(), extraction.close(), tracing?.shutdown()]);
    },
  };
}

/** A fresh account moved to the Pro plan (crawls, rendering), and its key. */
export async function proKey(stack: Stack, api: { register(): Promise<{ account_id: string; api_key: string }> }): Promise<string> {
  const account = await api.register();
  await stack.db.account.update({ where: { id: account.account_id }, data: { plan: 'pro' } });
  return account.api_key;
}

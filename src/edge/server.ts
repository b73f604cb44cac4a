import { once } from 'node:events';
import type { Config } from '../config/config.js';
import { createDb } from '../db/prisma.js';
import { createTemporalClient } from '../temporal/client.js';
import { createApp } from './app.js';
import { createApiDeps } from './deps.js';
import { createExtractionServices } from '../extraction/services.js';
import { requireDatabaseUrl, requireTemporalAddress } from '../config/runtime-env.js';
import { createLogger, log, setLogger } from '../observability/logger.js';
import { startTracing } from '../observability/tracing.js';
import { startMemoryReport } from '../observability/memory-report.js';

/** One API server (a process, or one cluster worker of it) and its graceful stop on SIGTERM/SIGINT. */
export async function runApiServer(cfg: Config): Promise<void> {
  setLogger(createLogger(cfg.LOG_LEVEL));
  const tracing = startTracing(cfg);
  const db = createDb(requireDatabaseUrl(cfg));
  const temporal = createTemporalClient(requireTemporalAddress(cfg), cfg.TEMPORAL_NAMESPACE, tracing);
  const extraction = createExtractionServices(cfg);
  const stopMemoryReport = cfg.MEMORY_REPORT_DIR ? startMemoryReport('api', cfg.MEMORY_REPORT_DIR, cfg.MEMORY_REPORT_MS, () => extraction.extractor.threadHeapSnapshots?.() ?? []) : undefined;
  const deps = createApiDeps(cfg, db, temporal, extraction);
  const server = createApp(deps).listen(cfg.PORT, cfg.HOST);
  await once(server, 'listening');
  log().info({ url: `http://${cfg.HOST}:${cfg.PORT}`, tracing: tracing !== undefined }, 'api listening');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log().info({ signal }, 'api stopping');
    server.close();
    server.closeIdleConnections();
    stopMemoryReport?.();
    await deps.close();
    await Promise.allSettled([db.$disconnect(), temporal.connection.close(), extraction.close(), tracing?.shutdown()]);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

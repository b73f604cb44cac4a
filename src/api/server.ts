import { once } from 'node:events';
import type { Config } from '../config.js';
import { createDb } from '../db/prisma.js';
import { createTemporalClient } from '../temporal/client.js';
import { createApp } from './app.js';
import { createApiDeps } from './deps.js';
import { createExtractionServices } from '../runtime-services.js';
import { requireDatabaseUrl, requireTemporalAddress } from '../runtime-env.js';

/** One API server (a process, or one cluster worker of it) and its graceful stop on SIGTERM/SIGINT. */
export async function runApiServer(cfg: Config): Promise<void> {
  const db = createDb(requireDatabaseUrl(cfg));
  const temporal = createTemporalClient(requireTemporalAddress(cfg), cfg.TEMPORAL_NAMESPACE);
  const extraction = createExtractionServices(cfg);
  const deps = createApiDeps(cfg, db, temporal, extraction);
  const server = createApp(deps).listen(cfg.PORT, cfg.HOST);
  await once(server, 'listening');
  console.log(JSON.stringify({ level: 'info', msg: 'api listening', url: `http://${cfg.HOST}:${cfg.PORT}`, pid: process.pid }));

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(JSON.stringify({ level: 'info', msg: 'api stopping', signal, pid: process.pid }));
    server.close();
    server.closeIdleConnections();
    await deps.close();
    await Promise.allSettled([db.$disconnect(), temporal.connection.close(), extraction.close()]);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

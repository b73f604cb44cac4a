import { once } from 'node:events';
import { config } from '../config.js';
import { createDb } from '../db/prisma.js';
import { createTemporalClient } from '../temporal/client.js';
import { createApp } from './app.js';
import { createApiDeps } from './deps.js';
import { createExtractionServices } from '../runtime-services.js';
import { requireDatabaseUrl, requireTemporalAddress } from '../runtime-env.js';

/** The API process: `npm start` runs it; it can also run alone with DATABASE_URL and TEMPORAL_ADDRESS set. */
const cfg = config();
const db = createDb(requireDatabaseUrl(cfg));
const temporal = createTemporalClient(requireTemporalAddress(cfg), cfg.TEMPORAL_NAMESPACE);
const extraction = createExtractionServices(cfg);
const deps = createApiDeps(cfg, db, temporal, extraction);
const app = createApp(deps);
const server = app.listen(cfg.PORT, cfg.HOST);
await once(server, 'listening');
console.log(JSON.stringify({ level: 'info', msg: 'api listening', url: `http://${cfg.HOST}:${cfg.PORT}` }));

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(JSON.stringify({ level: 'info', msg: 'api stopping', signal }));
  server.close();
  server.closeIdleConnections();
  await deps.close();
  await Promise.allSettled([db.$disconnect(), temporal.connection.close(), extraction.close()]);
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

import cluster from 'node:cluster';
import { config } from '../config/config.js';
import { runApiServer } from './server.js';
import { KEY_CACHE_MESSAGE } from '../accounts/api-keys.js';
import { createLogger, setLogger } from '../observability/logger.js';

/**
 * The API process: `npm start` runs it; it can also run alone with DATABASE_URL and TEMPORAL_ADDRESS
 * set. With API_WORKERS > 1 it forks that many servers sharing the port (node:cluster), one per core:
 * every piece of shared state (limits, quota, logs) lives in PostgreSQL, so workers need no coordination
 * beyond one courtesy: the primary relays key-cache invalidations (a revoked or rotated key) between them.
 */
const cfg = config();
const log = createLogger(cfg.LOG_LEVEL);
setLogger(log);
if (cfg.API_WORKERS > 1 && cluster.isPrimary) {
  let stopping = false;
  for (let i = 0; i < cfg.API_WORKERS; i++) cluster.fork();
  // A worker that revoked or rotated a key tells its siblings to drop it from their key caches.
  cluster.on('message', (from, message: { type?: unknown } | null) => {
    if (message?.type !== KEY_CACHE_MESSAGE) return;
    for (const worker of Object.values(cluster.workers ?? {})) if (worker && worker !== from && worker.isConnected()) worker.send(message);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    log.warn({ workerPid: worker.process.pid, code, signal }, 'api worker exited; replacing it');
    cluster.fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGTERM'));
} else {
  await runApiServer(cfg);
}

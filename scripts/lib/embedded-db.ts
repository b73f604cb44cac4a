import path from 'node:path';
import { dataDir } from './paths.js';
import { startPostgres, type PostgresHandle } from './postgres.js';
import { isListening } from './ports.js';
import type { Config } from '../../src/config/config.js';

export const EMBEDDED_DATABASE = 'pith';

export function embeddedDatabaseUrl(cfg: Config): string {
  return `postgresql://postgres:pith-local@127.0.0.1:${cfg.EMBEDDED_POSTGRES_PORT}/${EMBEDDED_DATABASE}`;
}

/** The embedded PostgreSQL under .data/postgres that `npm start` uses when DATABASE_URL is unset. */
export function startEmbeddedDatabase(cfg: Config): Promise<PostgresHandle> {
  return startPostgres({
    dataDir: path.join(dataDir, 'postgres'),
    port: cfg.EMBEDDED_POSTGRES_PORT,
    database: EMBEDDED_DATABASE,
    logFile: path.join(dataDir, 'logs', 'postgres.log'),
  });
}

/** True when the embedded server of a running `npm start` already answers. */
export function embeddedDatabaseRunning(cfg: Config): Promise<boolean> {
  return isListening(cfg.EMBEDDED_POSTGRES_PORT);
}

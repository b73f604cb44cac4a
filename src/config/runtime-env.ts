import type { Config } from './config.js';

/** The API and worker need a database and a Temporal server; `npm start` provides both when unset. */
export function requireDatabaseUrl(cfg: Config): string {
  if (!cfg.DATABASE_URL) throw new Error('DATABASE_URL is not set. Start Pith with `npm start`, which runs an embedded PostgreSQL, or set DATABASE_URL.');
  return cfg.DATABASE_URL;
}

export function requireWebhookEncryptionKey(cfg: Config): string {
  if (!cfg.WEBHOOK_ENCRYPTION_KEY) throw new Error('WEBHOOK_ENCRYPTION_KEY is not set (64 hex characters). `npm start` creates one under .data/; in production, set it from your secret store.');
  return cfg.WEBHOOK_ENCRYPTION_KEY;
}

export function requireTemporalAddress(cfg: Config): string {
  return cfg.TEMPORAL_ADDRESS ?? `127.0.0.1:${cfg.TEMPORAL_PORT}`;
}

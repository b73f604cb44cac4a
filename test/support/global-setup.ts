import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startPostgres } from '../../scripts/lib/postgres.js';
import { migrateDeploy } from '../../scripts/lib/migrate.js';
import { ensureTemporalCli } from '../../scripts/lib/tools.js';
import { startTemporalServer } from '../../scripts/lib/temporal-server.js';
import { freePort } from '../../scripts/lib/ports.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    temporalAddress: string;
    temporalCli: string;
  }
}

/** One fresh PostgreSQL (migrated with the real migrations) and one Temporal dev server per test run, on free ports. */
export default async function setup(project: TestProject) {
  const scratch = mkdtempSync(path.join(tmpdir(), 'pith-test-'));
  chmodSync(scratch, 0o755); // PostgreSQL runs as an unprivileged user when we are root
  const [pgPort, temporalPort] = [await freePort(), await freePort()];
  const cli = await ensureTemporalCli();
  const [db, temporal] = await Promise.all([
    startPostgres({ dataDir: path.join(scratch, 'pg'), port: pgPort, database: 'pith_test', ephemeral: true, logFile: path.join(scratch, 'postgres.log') }),
    startTemporalServer({ cli, port: temporalPort, namespace: 'default', logFile: path.join(scratch, 'temporal.log') }),
  ]);
  await migrateDeploy(db.url);
  project.provide('databaseUrl', db.url);
  project.provide('temporalAddress', temporal.address);
  project.provide('temporalCli', cli);
  return async () => {
    await Promise.allSettled([temporal.stop(), db.stop()]);
    rmSync(scratch, { recursive: true, force: true });
  };
}

/**
 * The whole service on one machine: PostgreSQL (embedded unless DATABASE_URL), Prisma migrations,
 * the Temporal dev server with its Web UI (unless TEMPORAL_ADDRESS), a local payment chain with x402's
 * facilitator (unless X402_FACILITATOR_URL), one worker and the API.
 * Ctrl-C / SIGTERM / SIGHUP stops everything it started, API and worker first; a watchdog process ends
 * what is left if the launcher itself is killed.
 */
import path from 'node:path';
import { dataDir, projectRoot } from './lib/paths.js';
import { step, warn } from './lib/log.js';
import { createLauncher, launcherConfig, localEncryptionKey, waitForApi } from './lib/launcher.js';
import { embeddedDatabaseUrl, startEmbeddedDatabase } from './lib/embedded-db.js';
import { migrateDeploy } from './lib/migrate.js';
import { ensurePrismaClient } from './lib/prisma-client.js';
import { ensureTemporalCli } from './lib/tools.js';
import { startTemporalServer } from './lib/temporal-server.js';
import { ensureChromium } from './lib/chromium.js';
import { startDevPayments, type DevPayments } from './lib/dev-payments.js';

const cfg = launcherConfig();
const logsDir = path.join(dataDir, 'logs');
const launcher = await createLauncher(path.join(dataDir, 'launcher-pids.json'));
const { pids } = launcher;
if (cfg.ALLOW_PRIVATE_TARGETS) warn('ALLOW_PRIVATE_TARGETS=true: fetches and webhooks may reach loopback and private addresses. Never in production.');

await launcher.run(async () => {
  await ensurePrismaClient();

  let databaseUrl = cfg.DATABASE_URL;
  if (!databaseUrl) {
    step(`Starting embedded PostgreSQL on 127.0.0.1:${cfg.EMBEDDED_POSTGRES_PORT} (data in .data/postgres)`);
    const db = await startEmbeddedDatabase(cfg);
    pids.record('postgres', db.process.child.pid);
    launcher.addInfrastructure('postgres', db.stop);
    databaseUrl = embeddedDatabaseUrl(cfg);
  }
  const applied = await migrateDeploy(databaseUrl);
  step(applied > 0 ? `Applied ${applied} database migration(s)` : 'Database schema is up to date');

  let temporalAddress = cfg.TEMPORAL_ADDRESS;
  let temporalUi: string | undefined;
  if (!temporalAddress) {
    const cli = await ensureTemporalCli();
    step(`Starting the Temporal dev server on 127.0.0.1:${cfg.TEMPORAL_PORT} (Web UI ${cfg.TEMPORAL_UI_PORT}, data in .data/temporal.db)`);
    const temporal = await startTemporalServer({
      cli,
      port: cfg.TEMPORAL_PORT,
      uiPort: cfg.TEMPORAL_UI_PORT,
      dbFile: path.join(dataDir, 'temporal.db'),
      namespace: cfg.TEMPORAL_NAMESPACE,
      logFile: path.join(logsDir, 'temporal.log'),
      nice: cfg.WORKER_NICE,
    });
    pids.record('temporal', temporal.process.child.pid);
    launcher.addInfrastructure('temporal', temporal.stop);
    temporalAddress = temporal.address;
    temporalUi = temporal.uiUrl;
  }

  if (!(await ensureChromium(cfg.RENDER_CHROMIUM_PATH))) warn('Chromium is unavailable: render_js requests will get js_rendering_unavailable');

  let payments: DevPayments | undefined;
  if (!cfg.X402_FACILITATOR_URL) {
    step(`Starting the local payment chain on 127.0.0.1:${cfg.X402_DEV_CHAIN_PORT} and x402's facilitator on 127.0.0.1:${cfg.X402_DEV_FACILITATOR_PORT} (test dollars only)`);
    payments = await startDevPayments(cfg);
    launcher.addInfrastructure('payments', payments.close);
  }

  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: temporalAddress,
    WEBHOOK_ENCRYPTION_KEY: cfg.WEBHOOK_ENCRYPTION_KEY ?? localEncryptionKey(),
    ...payments?.env,
  };
  step('Starting the worker and the API');
  launcher.supervise('worker', 'src/temporal/worker-main.ts', env);
  launcher.supervise('api', 'src/edge/main.ts', env);

  const apiUrl = `http://localhost:${cfg.PORT}`;
  await waitForApi(apiUrl);

  const lines = [
    '',
    'Pith is up.',
    `  API            ${apiUrl}`,
    `  Health         ${apiUrl}/health`,
    `  API docs       ${apiUrl}/docs`,
    `  Temporal UI    ${temporalUi ? temporalUi.replace('127.0.0.1', 'localhost') : `(external Temporal at ${temporalAddress})`}`,
    `  Temporal gRPC  ${temporalAddress}`,
    `  Database       ${cfg.DATABASE_URL ? 'DATABASE_URL' : `embedded PostgreSQL on 127.0.0.1:${cfg.EMBEDDED_POSTGRES_PORT}`}`,
    ...(payments ? payments.describe() : [`  Payments       x402 via ${cfg.X402_FACILITATOR_URL} on ${cfg.X402_NETWORK}`]),
    `  Logs           ${path.relative(projectRoot, logsDir)}/ (PostgreSQL, Temporal); API and worker below`,
    '  Stop with Ctrl-C.',
    '',
  ];
  process.stderr.write(lines.join('\n') + '\n');
});

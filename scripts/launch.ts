/**
 * The whole service on one machine: PostgreSQL (embedded unless DATABASE_URL), Prisma migrations,
 * the Temporal dev server with its Web UI (unless TEMPORAL_ADDRESS), a local payment chain with x402's
 * facilitator (unless X402_FACILITATOR_URL), one worker and the API.
 * Ctrl-C / SIGTERM / SIGHUP stops everything it started, API and worker first; a watchdog process ends
 * what is left if the launcher itself is killed.
 */
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { ConfigError, parseConfig, type Config } from '../src/config/config.js';
import { dataDir, projectRoot } from './lib/paths.js';
import { step, warn } from './lib/log.js';
import { PidRegistry, killAllProcesses, startProcess, startWatchdog, stopAllProcesses, type ManagedProcess } from './lib/processes.js';
import { embeddedDatabaseUrl, startEmbeddedDatabase } from './lib/embedded-db.js';
import { migrateDeploy } from './lib/migrate.js';
import { ensurePrismaClient } from './lib/prisma-client.js';
import { ensureTemporalCli } from './lib/tools.js';
import { startTemporalServer } from './lib/temporal-server.js';
import { waitUntil } from './lib/ports.js';
import { ensureChromium } from './lib/chromium.js';
import { startDevPayments, type DevPayments } from './lib/dev-payments.js';
import { serviceNodeArgs, type ServiceEntry } from './lib/service-entry.js';

/** A local key sealing webhook secrets when none is configured: made once, kept under .data/ (never committed). */
function localEncryptionKey(): string {
  const file = path.join(dataDir, 'webhook-encryption.key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

let cfg: Config;
try {
  cfg = parseConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const logsDir = path.join(dataDir, 'logs');
const pids = new PidRegistry(path.join(dataDir, 'launcher-pids.json'));
const infrastructure: { name: string; stop: () => Promise<void> }[] = [];
const services: ManagedProcess[] = [];
let shuttingDown = false;
let stopped: Promise<void> | undefined;

// A closed terminal (SIGHUP) makes every write to it fail: the stop must still run to its end.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);

/**
 * Stops everything, once: a second call (the same Ctrl-C reaches the launcher from the terminal and
 * again from npm, which forwards SIGINT/SIGTERM to its child) waits for the same stop instead of exiting
 * half-way, which once left PostgreSQL and Temporal running.
 */
async function shutdown(code: number): Promise<never> {
  stopped ??= (async () => {
    shuttingDown = true;
    step('Stopping: API and worker first, then Temporal and PostgreSQL');
    await Promise.allSettled(services.map((s) => s.stop('SIGTERM', 15_000)));
    for (const part of infrastructure.reverse()) await part.stop().catch((err: Error) => warn(`${part.name}: ${err.message}`));
    // Whatever start-up had started but not yet handed over (a server still coming up) goes too.
    await stopAllProcesses();
    pids.clear();
    step('Stopped');
  })();
  await stopped;
  process.exit(code);
}

/**
 * Copies of one signal arrive together (terminal and npm); a signal repeated later is the user insisting:
 * every child is killed at once (the watchdog and the next launch clean up after that).
 */
const DUPLICATE_SIGNAL_MS = 2_000;
let firstSignalAt: number | undefined;
function onSignal(signal: NodeJS.Signals): void {
  const now = Date.now();
  if (firstSignalAt === undefined) {
    firstSignalAt = now;
    void shutdown(0);
  } else if (now - firstSignalAt > DUPLICATE_SIGNAL_MS) {
    warn(`${signal} again: killing everything now`);
    killAllProcesses();
    process.exit(1);
  }
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);
startWatchdog(pids.file);

const reaped = await pids.reapStale();
if (reaped.length > 0) warn(`Ended processes a previous launcher left running: ${reaped.join(', ')}`);
if (cfg.ALLOW_PRIVATE_TARGETS) warn('ALLOW_PRIVATE_TARGETS=true: fetches and webhooks may reach loopback and private addresses. Never in production.');

try {
  await ensurePrismaClient();

  let databaseUrl = cfg.DATABASE_URL;
  if (!databaseUrl) {
    step(`Starting embedded PostgreSQL on 127.0.0.1:${cfg.EMBEDDED_POSTGRES_PORT} (data in .data/postgres)`);
    const db = await startEmbeddedDatabase(cfg);
    pids.record('postgres', db.process.child.pid);
    infrastructure.push({ name: 'postgres', stop: db.stop });
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
    });
    pids.record('temporal', temporal.process.child.pid);
    infrastructure.push({ name: 'temporal', stop: temporal.stop });
    temporalAddress = temporal.address;
    temporalUi = temporal.uiUrl;
  }

  if (!(await ensureChromium(cfg.RENDER_CHROMIUM_PATH))) warn('Chromium is unavailable: render_js requests will get js_rendering_unavailable');

  let payments: DevPayments | undefined;
  if (!cfg.X402_FACILITATOR_URL) {
    step(`Starting the local payment chain on 127.0.0.1:${cfg.X402_DEV_CHAIN_PORT} and x402's facilitator on 127.0.0.1:${cfg.X402_DEV_FACILITATOR_PORT} (test dollars only)`);
    payments = await startDevPayments(cfg);
    infrastructure.push({ name: 'payments', stop: payments.close });
  }

  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: temporalAddress,
    WEBHOOK_ENCRYPTION_KEY: cfg.WEBHOOK_ENCRYPTION_KEY ?? localEncryptionKey(),
    ...payments?.env,
  };
  const supervise = (name: string, entry: ServiceEntry, restarts = 0): void => {
    // A restart scheduled before a stop began must not start a process the stop has already passed.
    if (shuttingDown) return;
    const child = startProcess(name, process.execPath, serviceNodeArgs(entry), { cwd: projectRoot, env, prefixOutput: true });
    pids.record(name, child.child.pid);
    services.push(child);
    void child.exited.then((code) => {
      if (shuttingDown) return;
      services.splice(services.indexOf(child), 1);
      if (restarts >= 5) {
        warn(`${name} exited (${code}) ${restarts} times in a row; stopping everything`);
        void shutdown(1);
        return;
      }
      warn(`${name} exited (${code}); restarting`);
      setTimeout(() => supervise(name, entry, restarts + 1), 1000 * (restarts + 1));
    });
  };
  step('Starting the worker and the API');
  supervise('worker', 'src/temporal/worker-main.ts');
  supervise('api', 'src/edge/main.ts');

  const apiUrl = `http://localhost:${cfg.PORT}`;
  await waitUntil('the API health check', async () => {
    try {
      return (await fetch(`${apiUrl}/health`)).status === 200;
    } catch {
      return false;
    }
  }, 120_000, 250);

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
} catch (err) {
  // A stop during start-up makes the start-up steps fail too: that is no start-up failure.
  if (!shuttingDown) console.error(`\nStart-up failed: ${(err as Error).message}`);
  await shutdown(1);
}

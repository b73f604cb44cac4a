/**
 * `npm run start:cluster`: the production topology on this machine. PostgreSQL (embedded, data in
 * .data/cluster/postgres) holds Pith's database (unless DATABASE_URL) and Temporal's two; the real
 * Temporal server (go.temporal.io/server, built once into .tools/bin) runs its four services on it;
 * CLUSTER_WORKERS worker processes poll one task queue; CLUSTER_API_PROCESSES API processes share PORT
 * (node:cluster); the Temporal Web UI (the standalone ui-server, also built once) on TEMPORAL_UI_PORT.
 * No local payment chain: x402 needs X402_FACILITATOR_URL here, as in production.
 * Stops like `npm start` (scripts/lib/launcher.ts): Ctrl-C ends everything, the Temporal server included.
 */
import path from 'node:path';
import { dataDir, projectRoot } from './lib/paths.js';
import { step, warn } from './lib/log.js';
import { createLauncher, launcherConfig, localEncryptionKey, waitForApi } from './lib/launcher.js';
import { startPostgres } from './lib/postgres.js';
import { EMBEDDED_DATABASE } from './lib/embedded-db.js';
import { migrateDeploy } from './lib/migrate.js';
import { ensurePrismaClient } from './lib/prisma-client.js';
import { ensureTemporalServerTools, ensureTemporalUiServer } from './lib/tools.js';
import { conventionalPorts, startTemporalCluster, temporalDatabaseOn } from './lib/temporal-cluster.js';
import { startTemporalUi } from './lib/temporal-ui.js';
import { ensureChromium } from './lib/chromium.js';

const cfg = launcherConfig();
if (cfg.TEMPORAL_ADDRESS) {
  console.error('start:cluster runs its own Temporal server: unset TEMPORAL_ADDRESS (or use `npm run worker` / `npm run api` against your cluster).');
  process.exit(1);
}
if (cfg.TEMPORAL_PORT + 10 > 32_767) {
  console.error(`start:cluster needs TEMPORAL_PORT + 10 below 32768 (Temporal's PostgreSQL schema keeps service ports in a SMALLINT); got ${cfg.TEMPORAL_PORT}.`);
  process.exit(1);
}
// Its own state beside npm start's: the dev server's workflows never meet this server's jobs.
const clusterDir = path.join(dataDir, 'cluster');
const logsDir = path.join(clusterDir, 'logs');
const launcher = await createLauncher(path.join(clusterDir, 'launcher-pids.json'));
if (cfg.ALLOW_PRIVATE_TARGETS) warn('ALLOW_PRIVATE_TARGETS=true: fetches and webhooks may reach loopback and private addresses. Never in production.');

await launcher.run(async () => {
  await ensurePrismaClient();
  const tools = await ensureTemporalServerTools();
  const uiServer = await ensureTemporalUiServer();

  step(`Starting embedded PostgreSQL on 127.0.0.1:${cfg.EMBEDDED_POSTGRES_PORT} (data in ${path.relative(projectRoot, clusterDir)}/postgres)`);
  const pg = await startPostgres({ dataDir: path.join(clusterDir, 'postgres'), port: cfg.EMBEDDED_POSTGRES_PORT, database: EMBEDDED_DATABASE, logFile: path.join(logsDir, 'postgres.log') });
  launcher.pids.record('postgres', pg.process.child.pid);
  launcher.addInfrastructure('postgres', pg.stop);
  const databaseUrl = cfg.DATABASE_URL ?? pg.url;
  const applied = await migrateDeploy(databaseUrl);
  step(applied > 0 ? `Applied ${applied} database migration(s)` : 'Database schema is up to date');

  const ports = conventionalPorts(cfg.TEMPORAL_PORT);
  step(`Starting the Temporal server (frontend 127.0.0.1:${ports.frontend}, history ${ports.history}, matching ${ports.matching}, worker ${ports.worker}; ${cfg.TEMPORAL_HISTORY_SHARDS} history shards; databases temporal, temporal_visibility)`);
  const temporal = await startTemporalCluster({
    tools,
    ports,
    database: temporalDatabaseOn(pg.url, 'temporal'),
    rootDir: path.join(clusterDir, 'temporal'),
    namespace: cfg.TEMPORAL_NAMESPACE,
    historyShards: cfg.TEMPORAL_HISTORY_SHARDS,
    logFile: path.join(logsDir, 'temporal.log'),
  });
  launcher.pids.record('temporal', temporal.process.child.pid);
  launcher.addInfrastructure('temporal', temporal.stop);

  step(`Starting the Temporal Web UI on 127.0.0.1:${cfg.TEMPORAL_UI_PORT}`);
  const ui = await startTemporalUi({
    binary: uiServer,
    temporalAddress: temporal.address,
    port: cfg.TEMPORAL_UI_PORT,
    namespace: cfg.TEMPORAL_NAMESPACE,
    rootDir: path.join(clusterDir, 'temporal-ui'),
    logFile: path.join(logsDir, 'temporal-ui.log'),
  });
  launcher.pids.record('temporal-ui', ui.process.child.pid);
  launcher.addInfrastructure('temporal-ui', ui.stop);

  if (!(await ensureChromium(cfg.RENDER_CHROMIUM_PATH))) warn('Chromium is unavailable: render_js requests will get js_rendering_unavailable');

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: temporal.address,
    WEBHOOK_ENCRYPTION_KEY: cfg.WEBHOOK_ENCRYPTION_KEY ?? localEncryptionKey(),
  };
  step(`Starting ${cfg.CLUSTER_WORKERS} worker processes and ${cfg.CLUSTER_API_PROCESSES} API processes on port ${cfg.PORT}`);
  for (let i = 1; i <= cfg.CLUSTER_WORKERS; i++) {
    // Each worker's own metrics ports, when asked for, one apart: two processes cannot share one.
    const metrics = {
      ...(cfg.WORKER_METRICS_PORT === undefined ? {} : { WORKER_METRICS_PORT: String(cfg.WORKER_METRICS_PORT + i - 1) }),
      ...(cfg.TEMPORAL_METRICS_PORT === undefined ? {} : { TEMPORAL_METRICS_PORT: String(cfg.TEMPORAL_METRICS_PORT + i - 1) }),
    };
    launcher.supervise(`worker-${i}`, 'src/temporal/worker-main.ts', { ...env, ...metrics });
  }
  launcher.supervise('api', 'src/edge/main.ts', { ...env, API_WORKERS: String(cfg.CLUSTER_API_PROCESSES) });

  const apiUrl = `http://localhost:${cfg.PORT}`;
  await waitForApi(apiUrl);
  process.stderr.write(
    [
      '',
      'Pith (production topology) is up.',
      `  API              ${apiUrl} (${cfg.CLUSTER_API_PROCESSES} processes on one port)`,
      `  Health           ${apiUrl}/health`,
      `  Workers          ${cfg.CLUSTER_WORKERS} processes on task queue ${cfg.TEMPORAL_TASK_QUEUE}`,
      `  Temporal gRPC    ${temporal.address} (namespace ${cfg.TEMPORAL_NAMESPACE})`,
      `  Temporal UI      ${ui.url.replace('127.0.0.1', 'localhost')}`,
      `  Temporal metrics http://127.0.0.1:${ports.metrics}/metrics`,
      `  Database         ${cfg.DATABASE_URL ? 'DATABASE_URL' : `embedded PostgreSQL on 127.0.0.1:${cfg.EMBEDDED_POSTGRES_PORT}`} (Temporal: databases temporal, temporal_visibility)`,
      `  Logs             ${path.relative(projectRoot, logsDir)}/ (PostgreSQL, Temporal, its UI); API and workers below`,
      '  Stop with Ctrl-C.',
      '',
    ].join('\n') + '\n',
  );
});

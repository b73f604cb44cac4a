import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Connection } from '@temporalio/client';
import { msToTs } from '@temporalio/common/lib/time.js';
import pg from 'pg';
import { startProcess } from './processes.js';
import { waitUntil } from './ports.js';
import { ensureSearchAttributes, type TemporalServerHandle } from './temporal-server.js';
import type { TemporalServerTools } from './tools.js';

/**
 * The production Temporal server (go.temporal.io/server's own binary, not the CLI's dev server) on
 * PostgreSQL: its two databases set up by its schema tool, a config file written from a template, and
 * the namespace with Pith's search attributes registered once it answers.
 */

/** The ports of the four services; frontend `grpc` is the address clients use. */
export interface TemporalClusterPorts {
  frontend: number;
  frontendHttp: number;
  history: number;
  matching: number;
  worker: number;
  /** One membership (ringpop) port per service, in the order frontend, history, matching, worker. */
  membership: [number, number, number, number];
  /** The server's own Prometheus metrics (its `action` counter is what Temporal bills by). */
  metrics: number;
}

/**
 * Temporal's conventional layout around the frontend port (7233 → history 7234, matching 7235, worker
 * 7239, HTTP 7243, membership 6933…6939), so a default start:cluster uses the ports operators expect;
 * metrics on 7240, a port that layout leaves free.
 */
export function conventionalPorts(frontend: number): TemporalClusterPorts {
  return {
    frontend,
    frontendHttp: frontend + 10,
    history: frontend + 1,
    matching: frontend + 2,
    worker: frontend + 6,
    membership: [frontend - 300, frontend - 299, frontend - 298, frontend - 294],
    metrics: frontend + 7,
  };
}

/** Where Temporal keeps its state: two databases on a PostgreSQL server it reaches as `user`. */
export interface TemporalDatabase {
  host: string;
  port: number;
  user: string;
  password: string;
  /** Execution state (history, tasks, namespaces); visibility (the searchable list) is `<name>_visibility`. */
  name: string;
}

export interface TemporalClusterOptions {
  tools: TemporalServerTools;
  ports: TemporalClusterPorts;
  database: TemporalDatabase;
  /** Holds config/production.yaml and config/dynamicconfig.yaml. */
  rootDir: string;
  namespace: string;
  /** Fixed for the life of the databases: the history shard count cannot change once chosen. */
  historyShards: number;
  logFile: string;
}

const visibilityName = (db: TemporalDatabase) => `${db.name}_visibility`;

function serverConfig(options: TemporalClusterOptions): string {
  const { ports, database: db } = options;
  const store = (name: string, maxConns: number) => `      sql:
        pluginName: postgres12
        databaseName: ${JSON.stringify(name)}
        connectAddr: ${JSON.stringify(`${db.host}:${db.port}`)}
        connectProtocol: tcp
        user: ${JSON.stringify(db.user)}
        password: ${JSON.stringify(db.password)}
        maxConns: ${maxConns}
        maxIdleConns: ${maxConns}
        maxConnLifetime: 1h`;
  const service = (grpc: number, membership: number, extra = '') => `    rpc:
      grpcPort: ${grpc}
      membershipPort: ${membership}
      bindOnLocalHost: true${extra}`;
  return `# Written by scripts/lib/temporal-cluster.ts on every start: edit the template there, not this file.
log:
  stdout: true
  level: warn
persistence:
  defaultStore: default
  visibilityStore: visibility
  numHistoryShards: ${options.historyShards}
  datastores:
    default:
${store(db.name, 20)}
    visibility:
${store(visibilityName(db), 10)}
global:
  membership:
    maxJoinDuration: 30s
    broadcastAddress: 127.0.0.1
  metrics:
    prometheus:
      framework: tally
      timerType: histogram
      listenAddress: 127.0.0.1:${ports.metrics}
services:
  frontend:
${service(ports.frontend, ports.membership[0], `\n      httpPort: ${ports.frontendHttp}`)}
  history:
${service(ports.history, ports.membership[1])}
  matching:
${service(ports.matching, ports.membership[2])}
  worker:
${service(ports.worker, ports.membership[3])}
clusterMetadata:
  enableGlobalNamespace: false
  failoverVersionIncrement: 10
  masterClusterName: active
  currentClusterName: active
  clusterInformation:
    active:
      enabled: true
      initialFailoverVersion: 1
      rpcName: frontend
      rpcAddress: 127.0.0.1:${ports.frontend}
      httpAddress: 127.0.0.1:${ports.frontendHttp}
dcRedirectionPolicy:
  policy: noop
dynamicConfigClient:
  filepath: ${JSON.stringify(path.join(options.rootDir, 'config', 'dynamicconfig.yaml'))}
  pollInterval: 10s
`;
}

/** Newly added search attributes are visible to the next query at once (the dev server does the same). */
const DYNAMIC_CONFIG = `system.forceSearchAttributesCacheRefreshOnRead:
  - value: true
    constraints: {}
`;

const execFileAsync = promisify(execFile);

async function sqlTool(options: TemporalClusterOptions, database: string, args: string[]): Promise<void> {
  const db = options.database;
  const common = ['--plugin', 'postgres12', '--endpoint', db.host, '--port', String(db.port), '--user', db.user, '--password', db.password, '--database', database];
  try {
    await execFileAsync(options.tools.sqlTool, [...common, ...args], { timeout: 120_000 });
  } catch (err) {
    const { stderr, stdout } = err as { stderr?: string; stdout?: string };
    throw new Error(`temporal-sql-tool ${args[0]} on ${database} failed: ${(stderr || stdout || (err as Error).message).trim().slice(-2000)}`);
  }
}

/**
 * Creates both databases when missing and brings their schemas to the newest version the server ships:
 * setup-schema (the version table, version 0.0) once, then update-schema through the module's
 * schema/postgresql/v12/{temporal,visibility}/versioned steps (embedded in the tool). Idempotent.
 */
export async function setupTemporalSchema(options: TemporalClusterOptions): Promise<void> {
  const db = options.database;
  const admin = new pg.Client({ host: db.host, port: db.port, user: db.user, password: db.password, database: 'postgres' });
  await admin.connect();
  try {
    for (const [name, schema] of [[db.name, 'temporal'], [visibilityName(db), 'visibility']] as const) {
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      const versioned = await hasVersionTable(db, name);
      if (!versioned) await sqlTool(options, name, ['setup-schema', '--version', '0.0']);
      await sqlTool(options, name, ['update-schema', '--schema-name', `postgresql/v12/${schema}`]);
    }
  } finally {
    await admin.end();
  }
}

async function hasVersionTable(db: TemporalDatabase, name: string): Promise<boolean> {
  const client = new pg.Client({ host: db.host, port: db.port, user: db.user, password: db.password, database: name });
  await client.connect();
  try {
    return (await client.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'schema_version'")).rowCount === 1;
  } finally {
    await client.end();
  }
}

/** The namespace exists (registered here on first start: the server binary creates none) and answers. */
async function ensureNamespace(address: string, namespace: string): Promise<boolean> {
  let connection: Connection | undefined;
  try {
    connection = await Connection.connect({ address, connectTimeout: 1000 });
    try {
      await connection.workflowService.describeNamespace({ namespace });
    } catch {
      await connection.workflowService
        .registerNamespace({ namespace, workflowExecutionRetentionPeriod: msToTs('24 hours') })
        .catch((err: Error) => {
          if (!/already exists/i.test(err.message)) throw err;
        });
      return false;
    }
    // Workflow calls go through the frontend's namespace cache (refreshed every 2 s), not the store.
    await connection.workflowService.countWorkflowExecutions({ namespace });
    return true;
  } catch {
    return false;
  } finally {
    await connection?.close().catch(() => undefined);
  }
}

/** The last lines of a server's log, for a start-up failure's message. */
export const logTail = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').slice(-15).join('\n') : '(no log)');

/** Writes the config, sets the schema up (idempotent), starts the server and waits for the namespace. */
export async function startTemporalCluster(options: TemporalClusterOptions): Promise<TemporalServerHandle> {
  const configDir = path.join(options.rootDir, 'config');
  mkdirSync(configDir, { recursive: true });
  writeFileSync(path.join(configDir, 'production.yaml'), serverConfig(options));
  writeFileSync(path.join(configDir, 'dynamicconfig.yaml'), DYNAMIC_CONFIG);
  await setupTemporalSchema(options);
  const child = startProcess(
    'temporal-server',
    options.tools.server,
    ['--root', options.rootDir, '--config', 'config', '--env', 'production', '--allow-no-auth', 'start'],
    { logFile: options.logFile },
  );
  const address = `127.0.0.1:${options.ports.frontend}`;
  const early = child.exited.then((code) => {
    throw new Error(`The Temporal server exited during start-up (${code}); the end of ${options.logFile}:\n${logTail(options.logFile)}`);
  });
  await Promise.race([
    waitUntil('the Temporal server (namespace and search attributes)', async () => (await ensureNamespace(address, options.namespace)) && ensureSearchAttributes(address, options.namespace), 120_000, 500),
    early,
  ]).catch(async (err: unknown) => {
    await child.stop('SIGKILL', 5000);
    throw err;
  });
  void early.catch(() => undefined);
  return {
    address,
    uiUrl: undefined,
    process: child,
    // The server drains its shards on SIGTERM; 20 s is ample on loopback before SIGKILL.
    stop: () => child.stop('SIGTERM', 20_000),
  };
}

/** The server's `action` counter (Temporal's billing unit) over `namespace`, from its Prometheus endpoint: by action type. */
export async function temporalActions(metricsPort: number, namespace: string): Promise<Record<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const byType: Record<string, number> = {};
  for (const line of text.split('\n')) {
    if (!line.startsWith('action{') || !line.includes(`namespace="${namespace}"`)) continue;
    const type = /action_type="([^"]*)"/.exec(line)?.[1] ?? 'unknown';
    byType[type] = (byType[type] ?? 0) + Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return byType;
}

/** Temporal's databases named `name` (and `<name>_visibility`) on the server of a PostgreSQL URL, as its user. */
export function temporalDatabaseOn(postgresUrl: string, name: string): TemporalDatabase {
  const url = new URL(postgresUrl);
  return { host: url.hostname, port: Number(url.port || 5432), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password), name };
}

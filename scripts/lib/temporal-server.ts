import { Connection } from '@temporalio/client';
import { startProcess, type ManagedProcess } from './processes.js';
import { waitUntil } from './ports.js';
import { lowerSessionPriority } from '../../src/runtime/session-priority.js';
import { SEARCH_ATTRIBUTE_DECLARATIONS } from '../../src/temporal/search-attribute-declarations.js';

export interface TemporalServerHandle {
  readonly address: string;
  readonly uiUrl: string | undefined;
  readonly process: ManagedProcess;
  stop(): Promise<void>;
}

export interface TemporalServerOptions {
  cli: string;
  port: number;
  /** Web UI port; omitted → headless. */
  uiPort?: number;
  /** SQLite file; omitted → in memory. */
  dbFile?: string;
  namespace: string;
  logFile?: string;
  /**
   * CPU priority (nice) of the server's session group: `npm start` and the benches run it at the
   * worker's (WORKER_NICE), as background work that gives way to the API on shared cores — it starts
   * and runs jobs, while callers wait on the API (src/runtime/session-priority.ts). Omitted: unchanged.
   */
  nice?: number;
}

/** temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD: every declared attribute is a Keyword. */
const KEYWORD = 2;

/**
 * True once the frontend answers and the namespace exists with Pith's search attributes registered. A
 * server started on an existing SQLite file registers only what that file already had (`--search-attribute`
 * applies to a new file), so attributes added since (e.g. WatchId) are registered here; the production
 * server (temporal-cluster.ts) registers them all here.
 */
export async function ensureSearchAttributes(address: string, namespace: string): Promise<boolean> {
  let connection: Connection | undefined;
  try {
    connection = await Connection.connect({ address, connectTimeout: 1000 });
    const response = await connection.operatorService.listSearchAttributes({ namespace });
    const registered = Object.keys(response.customAttributes ?? {});
    const missing = SEARCH_ATTRIBUTE_DECLARATIONS.filter(({ name }) => !registered.includes(name));
    if (missing.length === 0) return true;
    await connection.operatorService.addSearchAttributes({ namespace, searchAttributes: Object.fromEntries(missing.map(({ name }) => [name, KEYWORD])) });
    return false;
  } catch {
    return false;
  } finally {
    await connection?.close().catch(() => undefined);
  }
}

/**
 * The SQLite file's journal: write-ahead log, synced at its checkpoints rather than at every commit. The
 * dev server otherwise runs SQLite's defaults (a rollback journal created, synced and deleted per
 * transaction, and every transaction is a few per activity). Measured with 5 jobs of 200 pages on a fresh
 * service (scratch probe, the server's CPU from /proc): bulk 3.8 → 2.3 CPU-s per 1,000 pages, crawl
 * 5.5 → 3.4, and the crawls ended 3.7 s sooner (43.2 → 39.5 s). A committed transaction still survives
 * the server being killed (it is in the log, which the next start replays); only an operating-system
 * crash can lose the last ones, which is what the embedded default can afford (production runs the
 * real server on PostgreSQL: start:cluster).
 */
const SQLITE_FILE_PRAGMAS = ['journal_mode=wal', 'synchronous=normal'];

/** A real Temporal server: the Temporal CLI's `server start-dev` (SQLite or in memory, Web UI embedded). */
export async function startTemporalServer(options: TemporalServerOptions): Promise<TemporalServerHandle> {
  const args = ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(options.port), '--namespace', options.namespace, '--log-level', 'error'];
  args.push(...(options.uiPort ? ['--ui-port', String(options.uiPort)] : ['--headless']));
  if (options.dbFile) args.push('--db-filename', options.dbFile, ...SQLITE_FILE_PRAGMAS.flatMap((pragma) => ['--sqlite-pragma', pragma]));
  for (const { name, type } of SEARCH_ATTRIBUTE_DECLARATIONS) args.push('--search-attribute', `${name}=${type}`);
  const child = startProcess('temporal', options.cli, args, options.logFile ? { logFile: options.logFile } : {});
  if (options.nice && child.child.pid !== undefined) lowerSessionPriority(child.child.pid, options.nice);
  const address = `127.0.0.1:${options.port}`;
  const early = child.exited.then((code) => {
    throw new Error(`The Temporal server exited during start-up (${code}); see ${options.logFile ?? 'its output above'}`);
  });
  await Promise.race([waitUntil('the Temporal server', () => ensureSearchAttributes(address, options.namespace), 60_000, 250), early]);
  void early.catch(() => undefined);
  return {
    address,
    uiUrl: options.uiPort ? `http://127.0.0.1:${options.uiPort}` : undefined,
    process: child,
    stop: () => child.stop('SIGTERM', 15_000),
  };
}

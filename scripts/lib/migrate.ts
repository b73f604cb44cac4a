import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { projectRoot } from './paths.js';

const prismaCli = path.join(projectRoot, 'node_modules', 'prisma', 'build', 'index.js');

/**
 * Runs the Prisma CLI (wasm schema engine, see prisma.config.ts) against `databaseUrl`.
 * `doneWhen`: output that proves the command finished; the CLI is then ended instead of waiting out
 * the ~10 s timer its wasm schema engine leaves behind.
 */
export function prisma(args: string[], databaseUrl: string, options: { quiet?: boolean; doneWhen?: RegExp } = {}): Promise<void> {
  const quiet = options.quiet ?? true;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [prismaCli, ...args], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' },
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : ['inherit', 'pipe', 'pipe'],
    });
    let output = '';
    let finished = false;
    const collect = (sink: NodeJS.WritableStream) => (chunk: Buffer) => {
      output += chunk.toString();
      if (!quiet) sink.write(chunk);
      if (!finished && options.doneWhen?.test(output)) {
        finished = true;
        resolve();
        child.kill('SIGTERM');
      }
    };
    child.stdout?.on('data', collect(process.stdout));
    child.stderr?.on('data', collect(process.stderr));
    child.on('error', (err) => reject(err));
    child.on('exit', (code) => {
      if (finished) return;
      if (code === 0) resolve();
      else reject(new Error(`prisma ${args.join(' ')} failed (exit ${code}):\n${output}`));
    });
  });
}

const migrationsDir = path.join(projectRoot, 'prisma', 'migrations');

/** Migration directories not yet recorded as applied in `_prisma_migrations`. */
export async function pendingMigrations(databaseUrl: string): Promise<string[]> {
  const all = readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(migrationsDir, entry.name, 'migration.sql')))
    .map((entry) => entry.name);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const table = await client.query("SELECT to_regclass('public._prisma_migrations') IS NOT NULL AS present");
    if (!table.rows[0]?.present) return all;
    const applied = await client.query<{ migration_name: string }>(
      'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    const done = new Set(applied.rows.map((row) => row.migration_name));
    return all.filter((name) => !done.has(name));
  } finally {
    await client.end();
  }
}

/** `prisma migrate deploy` when migrations are pending; returns how many were applied. */
export async function migrateDeploy(databaseUrl: string): Promise<number> {
  const pending = await pendingMigrations(databaseUrl);
  if (pending.length > 0) {
    await prisma(['migrate', 'deploy'], databaseUrl, { doneWhen: /All migrations have been successfully applied|No pending migrations to apply/ });
  }
  return pending.length;
}

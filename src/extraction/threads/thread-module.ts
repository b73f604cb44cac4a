import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

/**
 * The module extraction threads run: thread-worker.ts and the extraction code it imports, bundled by
 * esbuild into one JavaScript file (npm packages stay imports), so a thread starts on plain Node.
 *
 * Why: a thread that inherits the process's `--import tsx` registers tsx's loader again, and Node runs
 * module hooks on a loader thread of their own, then compiles each of ~80 TypeScript files through it.
 * Measured here (.scratch/idle-mem.ts, 50 scrapinghub pages): a process with two threads held 538 MB RSS
 * through tsx and 390 MB with this bundle; an idle thread took ~120 MB against ~60 MB.
 *
 * Built in memory at pool start (~70–180 ms) and written under node_modules/.cache by a hash of its bytes:
 * the file's place lets its package imports resolve as the sources' do, and the hash means processes of
 * different checkouts sharing one node_modules never run each other's code, and a stale file never runs.
 */

const WORKER_SOURCE = fileURLToPath(new URL('./thread-worker.ts', import.meta.url));
/** Bundles of other builds are removed once this old (a process still running one has it loaded). */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

export interface ThreadModule {
  file: string;
  /** Node options the threads start with: none for the bundle; the process's own (tsx) for the source. */
  execArgv?: string[];
}

let built: ThreadModule | undefined;

function cacheDir(): string {
  // The node_modules the project resolves packages from (a worktree may link to another checkout's).
  const entry = createRequire(import.meta.url).resolve('piscina');
  const marker = `${path.sep}node_modules${path.sep}`;
  return path.join(entry.slice(0, entry.lastIndexOf(marker) + marker.length), '.cache', 'pith-threads');
}

function removeStale(dir: string, keep: string): void {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (file === keep) continue;
    try {
      if (Date.now() - statSync(file).mtimeMs > STALE_AFTER_MS) rmSync(file, { force: true });
    } catch {
      // another process removed it first
    }
  }
}

function bundle(): ThreadModule {
  const output = buildSync({
    entryPoints: [WORKER_SOURCE],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    logLevel: 'silent',
  }).outputFiles[0];
  if (!output) throw new Error('esbuild wrote no output');
  const dir = cacheDir();
  const file = path.join(dir, `thread-worker-${createHash('sha256').update(output.contents).digest('hex').slice(0, 16)}.mjs`);
  mkdirSync(dir, { recursive: true });
  try {
    statSync(file);
  } catch {
    // Written aside, then renamed: a process starting at the same moment never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, output.contents);
    renameSync(partial, file);
  }
  removeStale(dir, file);
  return { file, execArgv: [] };
}

/**
 * The file for piscina, once per process. If the bundle cannot be built or written (a read-only
 * node_modules), threads load the TypeScript source through the process's loader, as before: more memory,
 * same results.
 */
export function threadModule(): ThreadModule {
  if (built) return built;
  try {
    built = bundle();
  } catch (err) {
    process.emitWarning(`Extraction threads run from TypeScript sources (more memory per thread): ${(err as Error).message}`, 'PithThreadModule');
    built = { file: WORKER_SOURCE };
  }
  return built;
}

// Plain JavaScript: the service runner (run-service.mjs) loads this before any TypeScript can run.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, buildSync } from 'esbuild';

/**
 * One of Pith's TypeScript entry points and every source file it imports, bundled by esbuild into one
 * JavaScript module (npm packages stay imports), so a process or thread runs it on plain Node.
 *
 * Why: `--import tsx` registers module hooks, which Node runs on a loader thread of their own (a V8
 * isolate per process), and compiles each TypeScript file through it at run time. Extraction threads
 * measured 538 → 390 MB RSS for a process with two threads (thread-module.ts); the API and the worker
 * run this way too (run-service.mjs).
 *
 * `import.meta.url` in a source file becomes that file's own URL, so paths a module finds relative to
 * itself (workflows/, package.json, the console's app, the thread worker) stay as they are in the tree.
 *
 * Written under node_modules/.cache/<dir> by a hash of its bytes: the file's place lets its package
 * imports resolve as the sources' do, processes of different checkouts sharing one node_modules never run
 * each other's code, and a stale file never runs. Other builds' files are removed once a day old (a
 * process still running one has it loaded).
 */

const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

const LOADERS = { '.ts': 'ts', '.mts': 'ts', '.tsx': 'tsx', '.mjs': 'js' };

/** esbuild plugin: `import.meta.url` in the project's own sources is the source file's URL. */
const sourceFileUrls = {
  name: 'pith-source-file-urls',
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx|mts|mjs)$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const contents = readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: LOADERS[path.extname(args.path)] };
    });
  },
};

/** The node_modules/.cache folder of the node_modules the project resolves packages from. */
function cacheDir(dir) {
  // A worktree may link to another checkout's node_modules.
  const entry = createRequire(import.meta.url).resolve('esbuild');
  const marker = `${path.sep}node_modules${path.sep}`;
  return path.join(entry.slice(0, entry.lastIndexOf(marker) + marker.length), '.cache', dir);
}

function removeStale(dir, keep) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (file === keep || file === `${keep}.map`) continue;
    try {
      if (Date.now() - statSync(file).mtimeMs > STALE_AFTER_MS) rmSync(file, { force: true });
    } catch {
      // another process removed it first
    }
  }
}

/** Writes `contents` to `file` unless it is there: aside, then renamed, so no reader sees half a file. */
function writeOnce(file, contents) {
  try {
    statSync(file);
  } catch {
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, contents);
    renameSync(partial, file);
  }
}

const buildOptions = (entry, folder) => ({
  entryPoints: [entry],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'external',
  // The map's source paths are relative to the folder the bundle is written to.
  outdir: folder,
  write: false,
  logLevel: 'silent',
});

/** Writes esbuild's output under `folder` as <name>-<hash of the code>.mjs with its map; returns the file. */
function store(result, entry, folder, name) {
  const code = result.outputFiles.find((file) => file.path.endsWith('.js'));
  const map = result.outputFiles.find((file) => file.path.endsWith('.js.map'));
  if (!code) throw new Error(`esbuild wrote no output for ${entry}`);
  const file = path.join(folder, `${name}-${createHash('sha256').update(code.contents).digest('hex').slice(0, 16)}.mjs`);
  mkdirSync(folder, { recursive: true });
  if (map) writeOnce(`${file}.map`, map.contents);
  writeOnce(file, `${code.text.replace(/\/\/# sourceMappingURL=.*\s*$/, '')}//# sourceMappingURL=${path.basename(file)}.map\n`);
  removeStale(folder, file);
  return file;
}

/**
 * Bundles `entry` (an absolute path to a TypeScript file) into node_modules/.cache/<dir>/<name>-<hash>.mjs
 * and returns that file's path, with `import.meta.url` of each source file kept as that file's URL. A
 * source map is written beside it: run with `--enable-source-maps` to see TypeScript lines in stack
 * traces (off by default: Node would hold every map in memory).
 */
export async function bundleSource(entry, dir, name) {
  const folder = cacheDir(dir);
  return store(await build({ ...buildOptions(entry, folder), plugins: [sourceFileUrls] }), entry, folder, name);
}

/**
 * The same, synchronously, for a caller that cannot wait — and so without the plugin (esbuild runs
 * plugins only in its asynchronous API): `import.meta.url` is the bundle's own URL. Only for code that
 * finds nothing relative to itself but packages (the extraction threads'), which resolve from there alike.
 */
export function bundleSourceSync(entry, dir, name) {
  const folder = cacheDir(dir);
  return store(buildSync(buildOptions(entry, folder)), entry, folder, name);
}

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, stop } from 'esbuild';

/**
 * The console's browser code, bundled in memory by esbuild from the npm packages installed with the
 * project (Preact, marked, DOMPurify, eventsource-parser): no CDN, no build step to forget, no stale
 * bundle on disk. Built once per API process, on the first request for the console, so processes that
 * never serve it (tests, workers) pay nothing.
 */

const APP_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../console/app');

export interface ConsoleAsset {
  body: Buffer;
  /** The same bytes gzipped once at build (the script shrinks to about a third), for clients that accept it. */
  gzipped: Buffer;
  contentType: string;
}

export interface ConsoleBundle {
  /** File names (content-hashed, so they are cached for a year) of the entry script and its stylesheet. */
  script: string;
  stylesheet: string;
  assets: ReadonlyMap<string, ConsoleAsset>;
}

const CONTENT_TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

async function buildBundle(): Promise<ConsoleBundle> {
  const result = await build({
    entryPoints: [path.join(APP_DIR, 'main.tsx')],
    tsconfig: path.join(APP_DIR, 'tsconfig.json'),
    bundle: true,
    write: false,
    outdir: '/console-out',
    entryNames: 'console-[hash]',
    format: 'esm',
    platform: 'browser',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    minify: true,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const assets = new Map<string, ConsoleAsset>();
  for (const file of result.outputFiles) {
    const name = path.basename(file.path);
    const contentType = CONTENT_TYPES[path.extname(name)];
    if (contentType) assets.set(name, { body: Buffer.from(file.contents), gzipped: gzipSync(file.contents, { level: 9 }), contentType });
  }
  const named = (ext: string) => {
    const name = [...assets.keys()].find((file) => file.endsWith(ext));
    if (!name) throw new Error(`The console bundle has no ${ext} output`);
    return name;
  };
  return { script: named('.js'), stylesheet: named('.css'), assets };
}

let pending: Promise<ConsoleBundle> | undefined;

/** The bundle, built on first use; a failed build is retried on the next request instead of being remembered. */
export function consoleBundle(): Promise<ConsoleBundle> {
  pending ??= buildBundle()
    .catch((err: unknown) => {
      pending = undefined;
      throw err;
    })
    // esbuild keeps a helper process for further builds; there are none.
    .finally(() => stop());
  return pending;
}

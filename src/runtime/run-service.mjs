// Plain JavaScript, so that a service starts on plain Node:
//   node --single-threaded-gc --no-allocation-site-pretenuring src/runtime/run-service.mjs src/edge/main.ts
import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleSource } from './source-bundle.mjs';

/**
 * Starts one of Pith's TypeScript entry points (the API, the worker) from an esbuild bundle of it
 * (source-bundle.mjs) instead of through tsx: no loader thread and no run-time compilation in the process.
 * The bundle is made at every start (~0.3 s), so it always matches the sources.
 *
 * If it cannot be made (a read-only node_modules), the entry runs through tsx as before: more memory,
 * same behaviour.
 */
const entry = process.argv[2];
if (!entry) {
  console.error('usage: node src/runtime/run-service.mjs <entry.ts> [args…]');
  process.exit(2);
}
const source = path.resolve(entry);
// The entry sees its own arguments where it would under `node entry.ts args…`.
process.argv.splice(1, 2, source);
// node:cluster forks run process.argv[1] by default (the API with API_WORKERS > 1): they start through
// this runner too, with the same entry and arguments.
if (cluster.isPrimary) cluster.setupPrimary({ exec: fileURLToPath(import.meta.url), args: [source, ...process.argv.slice(2)] });

let file;
try {
  file = await bundleSource(source, 'pith-services', path.basename(source, path.extname(source)));
} catch (err) {
  process.emitWarning(`${entry} runs from TypeScript sources through tsx (more memory): ${err.message}`, 'PithServiceBundle');
  (await import('tsx/esm/api')).register();
  file = source;
}
await import(pathToFileURL(file).href);

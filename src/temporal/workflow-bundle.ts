import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { WorkerOptions } from '@temporalio/worker';
import { log } from '../observability/logger.js';

const RUNNER = fileURLToPath(new URL('../runtime/run-service.mjs', import.meta.url));
const BUNDLER = fileURLToPath(new URL('./workflow-bundle-main.ts', import.meta.url));
/** The bundle is a few MB; the bundler takes seconds. */
const MAX_BUNDLE_BYTES = 64 * 1024 * 1024;
const BUNDLE_TIMEOUT_MS = 120_000;

/**
 * The job workflows' bundle for the worker, built in a short-lived child process.
 *
 * Why not in the worker: Temporal's bundler (webpack with swc) run in the worker process left its heap
 * grown and swc's native library (~20 MB resident) mapped for the process's whole life, to serve a step
 * that runs once at start. Built aside, the worker only reads the finished code — as a pre-built bundle
 * (Temporal's recommendation for production workers).
 *
 * If the child fails (undefined), the worker bundles in process as before: more memory, same workflows.
 */
export async function workflowBundle(tracing: boolean): Promise<WorkerOptions['workflowBundle'] | undefined> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [RUNNER, BUNDLER, tracing ? 'tracing' : 'plain'], {
      maxBuffer: MAX_BUNDLE_BYTES,
      timeout: BUNDLE_TIMEOUT_MS,
      encoding: 'utf8',
    });
    if (!stdout) throw new Error('the bundler wrote nothing');
    return { code: stdout };
  } catch (err) {
    log().warn({ error: (err as Error).message }, 'workflow bundle: building in a child process failed; bundling in the worker');
    return undefined; // createPithWorker bundles workflowsPath itself
  }
}

import { existsSync, readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { startProcess, type ManagedProcess } from '../../scripts/lib/processes.js';
import { freePort, waitUntil } from '../../scripts/lib/ports.js';
import { projectRoot } from '../../scripts/lib/paths.js';
import { serviceNodeArgs, withServiceProcessEnv } from '../../scripts/lib/service-entry.js';

/**
 * Pith's real entry points (src/edge/main.ts, src/temporal/worker-main.ts) as child processes, started
 * the way `npm start` starts them, so a test can SIGKILL or restart them.
 */
export function serviceEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  // Vitest sets BASE_URL=/ (Vite's base path) in its workers; an operator's shell would not.
  const { BASE_URL: _viteBase, ...inherited } = process.env;
  return {
    ...inherited,
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    DATABASE_URL: inject('databaseUrl'),
    ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_ENCRYPTION_KEY: 'ab'.repeat(32),
    REGISTER_LIMIT_PER_HOUR: '100000',
    // Workers run at the test runner's priority: a nice worker (a session group of its own) would wait
    // behind the test files running beside it, and the tests wait on the worker.
    WORKER_NICE: '0',
    ...extra,
  };
}

const occurrences = (file: string, text: string) => (existsSync(file) ? readFileSync(file, 'utf8').split(text).length - 1 : 0);

export async function startWorkerProcess(env: NodeJS.ProcessEnv, logFile: string): Promise<ManagedProcess> {
  const before = occurrences(logFile, 'worker polling');
  // The worker logs `worker polling` (at info) once its task queue is served.
  const worker = startProcess('worker', process.execPath, serviceNodeArgs('src/temporal/worker-main.ts'), { cwd: projectRoot, env: withServiceProcessEnv({ ...env, LOG_LEVEL: 'info' }), logFile });
  await waitUntil('the worker to poll', async () => occurrences(logFile, 'worker polling') > before, 90_000, 200);
  return worker;
}

export async function startApiProcess(env: NodeJS.ProcessEnv, logFile: string, port?: number): Promise<{ process: ManagedProcess; baseUrl: string; port: number }> {
  const listenPort = port ?? (await freePort());
  const api = startProcess('api', process.execPath, serviceNodeArgs('src/edge/main.ts'), { cwd: projectRoot, env: withServiceProcessEnv({ ...env, PORT: String(listenPort) }), logFile });
  const baseUrl = `http://127.0.0.1:${listenPort}`;
  await waitUntil(
    'the API to answer',
    async () => {
      try {
        return (await fetch(`${baseUrl}/health`)).status > 0; // 503 while Temporal is down is an answer too
      } catch {
        return false;
      }
    },
    90_000,
    200,
  );
  return { process: api, baseUrl, port: listenPort };
}

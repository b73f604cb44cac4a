import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { freePort, waitUntil } from '../../scripts/lib/ports.js';
import { projectRoot } from '../../scripts/lib/paths.js';

/** A real `npm start` on free ports with a data directory of its own, as an operator runs it (tests of the launcher and of the quick starts). */

export const START_TIMEOUT_MS = 240_000;
export const STOP_TIMEOUT_MS = 90_000;

export interface Run {
  npm: ChildProcess;
  dataDir: string;
  ports: number[];
  output: () => string;
  exited: Promise<number | string>;
  /** The API's address. */
  baseUrl: string;
}

const runs: Run[] = [];

export interface Owned {
  pid: number;
  cmdline: string;
  cwd: string;
}

/** Processes of this machine that belong to the run on `dataDir` (this test's own process excepted). */
export function processesOf(dataDir: string): Owned[] {
  const marker = `PITH_DATA_DIR=${dataDir}`;
  const owned: Owned[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0');
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'latin1').split('\0').join(' ').trim();
      let cwd = '';
      try {
        cwd = readlinkSync(`/proc/${entry}/cwd`);
      } catch {
        /* a zombie, or gone */
      }
      if (environ.includes(marker) || cmdline.includes(dataDir) || cwd === dataDir || cwd.startsWith(`${dataDir}/`)) owned.push({ pid: Number(entry), cmdline, cwd });
    } catch {
      /* ended while we looked */
    }
  }
  return owned;
}

/** `setsid npm start`: npm leads a session and process group of its own, as under a supervisor or a terminal. */
export async function startNpm(extraEnv: Record<string, string> = {}): Promise<Run> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pith-launcher-'));
  chmodSync(dataDir, 0o755); // PostgreSQL runs as an unprivileged user when we are root
  const [api, postgres, temporal, temporalUi] = [await freePort(), await freePort(), await freePort(), await freePort()];
  // The environment of an operator's shell: without what Vitest sets in its workers (NODE_ENV=test, Vite's
  // BASE_URL/MODE/DEV/PROD/SSR, VITEST*) and without the test run's own servers.
  const testOnly = new Set(['NODE_ENV', 'BASE_URL', 'MODE', 'DEV', 'PROD', 'SSR', 'DATABASE_URL', 'TEMPORAL_ADDRESS']);
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !testOnly.has(name) && !name.startsWith('VITEST')));
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    PITH_DATA_DIR: dataDir,
    PORT: String(api),
    EMBEDDED_POSTGRES_PORT: String(postgres),
    TEMPORAL_PORT: String(temporal),
    TEMPORAL_UI_PORT: String(temporalUi),
    LOG_LEVEL: 'warn',
    WEBHOOK_ENCRYPTION_KEY: 'cd'.repeat(32),
    // Keeps the run lean and offline: no Chromium install, and an external (never called) x402
    // facilitator instead of the local payment chain.
    RENDER_CHROMIUM_PATH: path.join(dataDir, 'no-chromium'),
    X402_FACILITATOR_URL: 'http://127.0.0.1:9/',
    X402_NETWORK: 'eip155:84532',
    X402_PAY_TO: `0x${'1'.repeat(40)}`,
    X402_ASSET: `0x${'2'.repeat(40)}`,
    ...extraEnv,
  };
  const npm = spawn('npm', ['start'], { cwd: projectRoot, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  npm.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  npm.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | string>((resolve) => npm.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  const run: Run = { npm, dataDir, ports: [api, postgres, temporal, temporalUi], output: () => output, exited, baseUrl: `http://127.0.0.1:${api}` };
  runs.push(run);
  const early = exited.then((code) => {
    throw new Error(`npm start exited (${code}) before it was up:\n${output.slice(-3000)}`);
  });
  await Promise.race([waitUntil('npm start to report "Pith is up."', async () => output.includes('Pith is up.'), START_TIMEOUT_MS, 250), early]);
  void early.catch(() => undefined);
  expect((await fetch(`http://127.0.0.1:${api}/health`)).status).toBe(200);
  return run;
}

/** Kills whatever is left of every run started so far and deletes its data (a failed case must not leave its servers behind). */
export function killRuns(): void {
  for (const run of runs.splice(0)) {
    for (const { pid } of processesOf(run.dataDir)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    rmSync(run.dataDir, { recursive: true, force: true });
  }
}

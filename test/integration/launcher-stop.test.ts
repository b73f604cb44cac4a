import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, isListening, waitUntil } from '../../scripts/lib/ports.js';
import { projectRoot } from '../../scripts/lib/paths.js';

/**
 * `npm start` (PostgreSQL, the Temporal dev server, the worker and the API) stopped the ways a terminal
 * or a process supervisor stops it. Whatever mix of signals reaches npm, the launcher and its children,
 * nothing of that run may stay running: every process is found by the run's own data directory
 * (PITH_DATA_DIR, inherited by everything the run starts, in its environment, command line or cwd).
 * Each case starts a real `npm start` on free ports with a data directory of its own.
 */

const START_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 90_000;

interface Run {
  npm: ChildProcess;
  dataDir: string;
  ports: number[];
  output: () => string;
  exited: Promise<number | string>;
}

const runs: Run[] = [];

interface Owned {
  pid: number;
  cmdline: string;
  cwd: string;
}

/** Processes of this machine that belong to the run on `dataDir` (this test's own process excepted). */
function processesOf(dataDir: string): Owned[] {
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
async function startNpm(): Promise<Run> {
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
  };
  const npm = spawn('npm', ['start'], { cwd: projectRoot, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  npm.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  npm.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | string>((resolve) => npm.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  const run: Run = { npm, dataDir, ports: [api, postgres, temporal, temporalUi], output: () => output, exited };
  runs.push(run);
  const early = exited.then((code) => {
    throw new Error(`npm start exited (${code}) before it was up:\n${output.slice(-3000)}`);
  });
  await Promise.race([waitUntil('npm start to report "Pith is up."', async () => output.includes('Pith is up.'), START_TIMEOUT_MS, 250), early]);
  void early.catch(() => undefined);
  expect((await fetch(`http://127.0.0.1:${api}/health`)).status).toBe(200);
  return run;
}

/** After the stop: npm has exited, and within a bounded wait no process of the run and no port of it is left. */
async function expectNothingLeft(run: Run): Promise<void> {
  const code = await Promise.race([run.exited, new Promise<string>((resolve) => setTimeout(() => resolve('still running'), STOP_TIMEOUT_MS))]);
  expect(code, run.output().slice(-3000)).not.toBe('still running');
  const deadline = Date.now() + 30_000;
  let left = processesOf(run.dataDir);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    left = processesOf(run.dataDir);
  }
  expect(left, `still running after the stop:\n${left.map((p) => `${p.pid} ${p.cmdline} (cwd ${p.cwd})`).join('\n')}\n--- output ---\n${run.output().slice(-3000)}`).toEqual([]);
  for (const port of run.ports) expect({ port, listening: await isListening(port) }).toEqual({ port, listening: false });
}

/** What the run started, seen before the stop: the check above must be looking at real processes. */
function expectServersFound(run: Run): void {
  const before = processesOf(run.dataDir);
  const described = before.map((p) => p.cmdline).join('\n');
  expect(before.some((p) => p.cmdline.includes(path.join(run.dataDir, 'postgres'))), described).toBe(true);
  expect(before.some((p) => p.cmdline.includes('start-dev') && p.cmdline.includes(path.join(run.dataDir, 'temporal.db'))), described).toBe(true);
  expect(before.some((p) => p.cmdline.includes('src/edge/main.ts')), described).toBe(true);
  expect(before.some((p) => p.cmdline.includes('src/temporal/worker-main.ts')), described).toBe(true);
}

afterEach(() => {
  // A failed case must not leave its servers behind for the next one.
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
});

describe('stopping npm start leaves nothing running', () => {
  const timeout = START_TIMEOUT_MS + STOP_TIMEOUT_MS + 60_000;

  it('SIGTERM to the whole process group (a supervisor stopping the service)', async () => {
    const run = await startNpm();
    expectServersFound(run);
    process.kill(-run.npm.pid!, 'SIGTERM');
    await expectNothingLeft(run);
  }, timeout);

  it('SIGINT to the whole process group (Ctrl-C in the terminal)', async () => {
    const run = await startNpm();
    expectServersFound(run);
    process.kill(-run.npm.pid!, 'SIGINT');
    await expectNothingLeft(run);
  }, timeout);

  it('SIGTERM to the group, then again to npm half a second later (a supervisor repeating itself)', async () => {
    const run = await startNpm();
    expectServersFound(run);
    process.kill(-run.npm.pid!, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    try {
      process.kill(run.npm.pid!, 'SIGTERM');
    } catch {
      // npm already gone: whether that left anything behind is what the check below finds out.
    }
    await expectNothingLeft(run);
  }, timeout);

  it('SIGTERM to npm alone', async () => {
    const run = await startNpm();
    expectServersFound(run);
    process.kill(run.npm.pid!, 'SIGTERM');
    await expectNothingLeft(run);
  }, timeout);

  it('SIGKILL to the launcher itself: its watchdog ends what it had started', async () => {
    const run = await startNpm();
    expectServersFound(run);
    const launcher = processesOf(run.dataDir).find((p) => p.cmdline.includes('scripts/start.mjs'));
    expect(launcher, 'the launcher process').toBeDefined();
    process.kill(launcher!.pid, 'SIGKILL');
    await expectNothingLeft(run);
  }, timeout);
});

import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isListening } from '../../scripts/lib/ports.js';
import { killRuns, processesOf, startNpm, START_TIMEOUT_MS, STOP_TIMEOUT_MS, type Run } from '../support/npm-start.js';

/**
 * `npm start` (PostgreSQL, the Temporal dev server, the worker and the API) stopped the ways a terminal
 * or a process supervisor stops it. Whatever mix of signals reaches npm, the launcher and its children,
 * nothing of that run may stay running: every process is found by the run's own data directory
 * (PITH_DATA_DIR, inherited by everything the run starts, in its environment, command line or cwd).
 * Each case starts a real `npm start` on free ports with a data directory of its own.
 */

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

afterEach(killRuns);

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

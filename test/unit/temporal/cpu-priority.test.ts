import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { getPriority } from 'node:os';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = fileURLToPath(new URL('../../fixtures/cpu-priority-check.ts', import.meta.url));
const nicesAfter = async (nice: number) => JSON.parse((await run(process.execPath, ['--import', 'tsx', script, String(nice)], { timeout: 30_000 })).stdout.trim()) as { main: number; thread: number; earlier: number[]; earlierCount: number };

describe('worker CPU priority (WORKER_NICE)', () => {
  // Relative to this process's own priority: the fixture's process starts with it.
  const base = getPriority();

  it('lowers the main thread, the threads already running (V8’s platform workers) and every thread started after it', async () => {
    const nice = Math.min(19, base + 7);
    const seen = await nicesAfter(nice);
    expect(seen.earlierCount).toBeGreaterThan(1);
    expect(seen).toMatchObject({ main: nice, thread: nice, earlier: [nice] });
  });

  it('never raises it: 0, or a value below where the process already is, leaves it alone', async () => {
    expect(await nicesAfter(0)).toMatchObject({ main: base, thread: base, earlier: [base] });
    if (base > 0) expect(await nicesAfter(base - 1)).toMatchObject({ main: base, thread: base, earlier: [base] });
  });
});

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../fixtures/cpu-priority-check.ts', import.meta.url));
interface Seen { main: number; thread: number; earlier: number[]; earlierCount: number; groupNice: number | null }

/** The fixture's priorities after lowerCpuPriority(nice); `ownSession`: started in a session of its own, as the launcher starts the worker. */
function nicesAfter(nice: number, ownSession = false): Promise<Seen> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, String(nice)], { detached: ownSession, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1) as string) as Seen) : reject(new Error(`fixture exited ${code}`))));
  });
}

describe('worker CPU priority (WORKER_NICE)', () => {
  // Relative to this process's own priority: the fixture's process starts with it.
  const base = getPriority();

  it('lowers the main thread, the threads already running (V8’s platform workers) and every thread started after it', async () => {
    const nice = Math.min(19, base + 7);
    const seen = await nicesAfter(nice);
    expect(seen.earlierCount).toBeGreaterThan(1);
    expect(seen).toMatchObject({ main: nice, thread: nice, earlier: [nice] });
  });

  it('lowers its session group too when it leads its session (Linux autogroups), so that it gives way to processes of other sessions', async () => {
    const nice = Math.min(19, base + 7);
    const seen = await nicesAfter(nice, true);
    expect(seen).toMatchObject({ main: nice, thread: nice, groupNice: existsSync('/proc/self/autogroup') ? nice : null });
  });

  it('never raises it: 0, or a value below where the process already is, leaves it alone', async () => {
    expect(await nicesAfter(0)).toMatchObject({ main: base, thread: base, earlier: [base] });
    if (base > 0) expect(await nicesAfter(base - 1)).toMatchObject({ main: base, thread: base, earlier: [base] });
  });
});

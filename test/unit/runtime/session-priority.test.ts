import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sessionGroupNice } from '../../../src/runtime/session-priority.js';

const script = fileURLToPath(new URL('../../fixtures/session-priority-check.ts', import.meta.url));
const hasAutogroups = existsSync('/proc/self/autogroup');

/** Runs the fixture, in a session of its own (`detached`, as the launcher starts services) or in this one. */
function check(nice: number, detached: boolean): Promise<{ outcome: string; groupNice: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, String(nice)], { detached, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim())) : reject(new Error(`fixture exited ${code}`))));
  });
}

describe('session CPU priority (Linux autogroups)', () => {
  it('lowers the group of a process that leads its own session, and never raises it', async () => {
    if (!hasAutogroups) {
      expect(await check(7, true)).toEqual({ outcome: 'unsupported', groupNice: null });
      return;
    }
    expect(await check(7, true)).toEqual({ outcome: 'lowered', groupNice: 7 });
    // A new session starts at nice 0: asking for 0 changes nothing.
    expect(await check(0, true)).toEqual({ outcome: 'unchanged', groupNice: 0 });
  });

  it('leaves a shared session alone: its group holds other processes too (here, this test runner)', async () => {
    const before = hasAutogroups ? sessionGroupNice('self') : null;
    const seen = await check(7, false);
    expect(seen.outcome).toBe(hasAutogroups ? 'shared-session' : 'unsupported');
    expect(seen.groupNice).toBe(before);
    if (hasAutogroups) expect(sessionGroupNice('self')).toBe(before);
  });
});

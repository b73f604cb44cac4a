import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = fileURLToPath(new URL('../../../fixtures/playwright-lazy-check.ts', import.meta.url));

describe('Playwright is loaded on the first render only', () => {
  it('stays out of a process that has not rendered, and its timeouts are still told apart', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script], { timeout: 60_000 });
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual({ beforeRender: false, afterImport: true, timeout: true, other: false });
  });
});

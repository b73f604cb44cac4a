import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { startTimeSkippingServer } from '../support/time-skipping.js';

const sleeperPath = fileURLToPath(new URL('../workflows/sleeper.ts', import.meta.url));

let env: TestWorkflowEnvironment;

beforeAll(async () => {
  env = await startTimeSkippingServer();
});

afterAll(async () => {
  await env?.teardown();
});

describe('time-skipping test server (Temporal Java test server via scripts/temporal-test-server.sh)', () => {
  it('completes a workflow that sleeps 24 hours in seconds of wall time', async () => {
    const worker = await Worker.create({ connection: env.nativeConnection, taskQueue: 'time-skipping', workflowsPath: sleeperPath });
    const wallStart = Date.now();
    const result = await worker.runUntil(
      env.client.workflow.execute('sleepForADay', { taskQueue: 'time-skipping', workflowId: `sleeper-${Date.now()}`, args: [] }),
    );
    const wallMs = Date.now() - wallStart;
    expect((result as { sleptMs: number }).sleptMs).toBeGreaterThanOrEqual(24 * 60 * 60 * 1000);
    // A day of workflow time must not cost a day (or even a minute) of real time.
    expect(wallMs).toBeLessThan(60_000);
  });
});

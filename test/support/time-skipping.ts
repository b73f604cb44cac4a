import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { testServerLibDir } from '../../scripts/lib/tools.js';
import { quietTemporalRuntime } from './stack.js';

const wrapper = fileURLToPath(new URL('../../scripts/temporal-test-server.sh', import.meta.url));

/**
 * Attempts at starting the time-skipping server. The SDK gives the JVM a fixed 5 s to listen; on a loaded
 * two-core machine (the full suite running beside it) a start can miss that once: a full `npm test` on
 * 2026-12-03 lost webhooks-schedule.test.ts's three tests to "did not start within 5s", and the file alone
 * passed. Only that error is tried again; any other is thrown at once.
 */
const START_ATTEMPTS = 3;

/** Temporal's Java time-skipping test server (scripts/temporal-test-server.sh), as the SDK's test environment. */
export async function startTimeSkippingServer(): Promise<TestWorkflowEnvironment> {
  quietTemporalRuntime();
  if (!existsSync(testServerLibDir)) throw new Error('The time-skipping test server is not installed; run `npm test`, which fetches it');
  let lastError: unknown;
  for (let attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
    try {
      return await TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: wrapper } } });
    } catch (err) {
      lastError = err;
      if (!/did not start within/i.test(String((err as Error)?.message ?? err))) throw err;
    }
  }
  throw lastError;
}

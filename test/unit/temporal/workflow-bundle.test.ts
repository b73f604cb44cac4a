import { describe, expect, it } from 'vitest';
import { workflowBundle } from '../../../src/temporal/workflow-bundle.js';

// The worker reads its workflows as a bundle built in a child process (Temporal's bundler stays out of it).
describe('the workflow bundle built aside', () => {
  it('holds the job workflows and the request-id interceptors; OpenTelemetry’s only with tracing', async () => {
    const [plain, traced] = await Promise.all([workflowBundle(false), workflowBundle(true)]);
    const code = (bundle: typeof plain) => (bundle && 'code' in bundle ? bundle.code : '');
    // includes(), not toContain(): a failure would print the whole multi-megabyte bundle.
    const has = (bundle: typeof plain, text: string) => code(bundle).includes(text);
    for (const name of ['bulkJobWorkflow', 'crawlJobWorkflow', 'webhookDeliveryWorkflow', 'watchRunWorkflow']) expect(has(plain, `function ${name}(`), name).toBe(true);
    expect(has(plain, 'workflows/interceptors.ts')).toBe(true);
    const otelModule = 'interceptors-opentelemetry/lib/workflow-interceptors';
    expect(has(plain, otelModule)).toBe(false);
    expect(has(traced, otelModule)).toBe(true);
  }, 120_000);
});

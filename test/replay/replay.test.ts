import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Worker } from '@temporalio/worker';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { Resource } from '@opentelemetry/resources';
import { trace } from '@opentelemetry/api';
import { workflowBundle, quietTemporalRuntime } from '../support/stack.js';
import { workflowSinks } from '../../src/temporal/interceptors.js';

const historiesDir = fileURLToPath(new URL('./histories/', import.meta.url));
const files = readdirSync(historiesDir).filter((f) => f.endsWith('.json'));

/** Histories captured from real runs (scripts/capture-history.ts) must replay on today's workflow code. */
describe('workflow replay of captured histories', () => {
  it('has captured histories to replay', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('%s replays without non-determinism', async (file) => {
    quietTemporalRuntime();
    const history = JSON.parse(readFileSync(path.join(historiesDir, file), 'utf8'));
    const workflowType: string = history.events[0].workflowExecutionStartedEventAttributes.workflowType.name;
    const results = Worker.runReplayHistories(
      { workflowBundle: await workflowBundle(), replayName: file },
      [{ workflowId: path.basename(file, '.json'), history }],
    );
    for await (const result of results) {
      expect(result.error, `${workflowType}: ${result.error?.message}`).toBeUndefined();
    }
  });

  // Tracing can be switched on under running workflows: its workflow interceptors add headers and spans, no commands.
  it.each(files)('%s replays with the OpenTelemetry workflow interceptors too', async (file) => {
    quietTemporalRuntime();
    const history = JSON.parse(readFileSync(path.join(historiesDir, file), 'utf8'));
    const sinks = workflowSinks({ tracer: trace.getTracer('replay'), spanProcessor: new SimpleSpanProcessor(new InMemorySpanExporter()), resource: new Resource({}), shutdown: async () => {} });
    const results = Worker.runReplayHistories({ workflowBundle: await workflowBundle(true), replayName: `${file}-traced`, ...(sinks ? { sinks } : {}) }, [{ workflowId: path.basename(file, '.json'), history }]);
    for await (const result of results) expect(result.error, result.error?.message).toBeUndefined();
  });

  it('fails a history replayed on a workflow changed without patched() (the check can fail)', async () => {
    quietTemporalRuntime();
    const history = JSON.parse(readFileSync(path.join(historiesDir, 'bulkJobWorkflow-v2-runs-and-webhook.json'), 'utf8'));
    const results = Worker.runReplayHistories(
      { workflowsPath: fileURLToPath(new URL('../workflows/unguarded-bulk-change.ts', import.meta.url)), replayName: 'unguarded-change' },
      [{ workflowId: 'unguarded-change', history }],
    );
    const errors: string[] = [];
    for await (const result of results) errors.push(result.error?.name ?? 'none');
    expect(errors).toEqual(['DeterminismViolationError']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { startStack, type Stack } from '../support/stack.js';
import { articlePage, startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { apiClient, pollUntil } from '../support/api.js';
import { parseConfig } from '../../src/config/config.js';
import { startTracing, tracingEnabled } from '../../src/observability/tracing.js';

let stack: Stack;
let pages: FixtureServer;
let api: ReturnType<typeof apiClient>;
const exporter = new InMemorySpanExporter();

beforeAll(async () => {
  pages = await startFixtureServer({
    '/one': { body: articlePage('Traced one', ['A page whose extraction is traced from the API through the workflow into its activities, end to end.']) },
    '/two': { body: articlePage('Traced two', ['Another page whose extraction shows up as an activity span in the same trace as the submission.']) },
  });
  stack = await startStack({}, { spanProcessor: new SimpleSpanProcessor(exporter) });
  api = apiClient(stack.baseUrl);
});

afterAll(async () => {
  await stack?.stop();
  await pages?.close();
});

describe('OpenTelemetry tracing through Temporal', () => {
  it('is off by default and turned on by PITH_TRACING or an OTLP endpoint', () => {
    expect(tracingEnabled(parseConfig({}))).toBe(false);
    expect(startTracing(parseConfig({}))).toBeUndefined();
    expect(tracingEnabled(parseConfig({ PITH_TRACING: 'true' }))).toBe(true);
    expect(tracingEnabled(parseConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }))).toBe(true);
  });

  it('traces a bulk job as one trace: workflow start, workflow run, and each activity', async () => {
    const { api_key: key } = await api.register();
    const submitted = await api.post('/bulk', { urls: [pages.url('/one'), pages.url('/two')] }, key);
    expect(submitted.status).toBe(200);
    const jobId: string = submitted.body.job_id;
    await pollUntil(() => api.get(`/bulk/${jobId}`, key), (r) => r.body.status === 'done');

    const workflowId = `bulk-${jobId}`;
    const spansOfJob = () => {
      const spans = exporter.getFinishedSpans();
      const start = spans.find((s) => s.name === 'StartWorkflow:bulkJobWorkflow' && s.attributes.temporalWorkflowId === workflowId);
      return start ? spans.filter((s) => s.spanContext().traceId === start.spanContext().traceId) : [];
    };
    // Workflow spans reach the exporter through a sink, after the workflow task that ended them.
    const [spans] = (await pollUntil(async () => spansOfJob(), (found) => found.some((s) => s.name === 'RunWorkflow:bulkJobWorkflow'), 20_000)).slice(-1);
    const names = spans!.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['StartWorkflow:bulkJobWorkflow', 'RunWorkflow:bulkJobWorkflow', 'StartActivity:markJobRunning', 'RunActivity:markJobRunning', 'StartActivity:markJobFinished', 'RunActivity:markJobFinished']));
    // Two URLs: one batch of both (a batch takes at least 4 URLs while there are that many), traced once.
    expect(names.filter((n) => n === 'StartActivity:extractJobUrls')).toHaveLength(1);
    expect(names.filter((n) => n === 'RunActivity:extractJobUrls')).toHaveLength(1);
    // One trace, linked parent to child: every span but the start has its parent inside the trace.
    const ids = new Set(spans!.map((s) => s.spanContext().spanId));
    for (const span of spans!.filter((s) => s.name !== 'StartWorkflow:bulkJobWorkflow')) expect(ids.has(span.parentSpanId ?? '')).toBe(true);
  });
});

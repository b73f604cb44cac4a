import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { WorkflowClientInterceptor } from '@temporalio/client';
import type { ActivityInterceptorsFactory, InjectedSinks } from '@temporalio/worker';
import {
  OpenTelemetryActivityInboundInterceptor,
  OpenTelemetryActivityOutboundInterceptor,
  OpenTelemetryWorkflowClientInterceptor,
  makeWorkflowExporter,
  type OpenTelemetrySinks,
} from '@temporalio/interceptors-opentelemetry';
import type { Tracing } from '../observability/tracing.js';
import { requestIdActivityInterceptor, requestIdClientInterceptor } from './request-id-propagation.js';

/**
 * The interceptors of every Temporal client and worker of Pith, in one place: request ids always,
 * OpenTelemetry (per @temporalio/interceptors-opentelemetry) only when tracing is on.
 */

const requestIdWorkflowModule = fileURLToPath(new URL('../../workflows/interceptors.ts', import.meta.url));
const otelWorkflowModule = createRequire(import.meta.url).resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors');

export function clientInterceptors(tracing?: Tracing): WorkflowClientInterceptor[] {
  return [requestIdClientInterceptor, ...(tracing ? [new OpenTelemetryWorkflowClientInterceptor({ tracer: tracing.tracer })] : [])];
}

/** Modules bundled with the workflows (bundleWorkflowCode's workflowInterceptorModules). */
export function workflowInterceptorModules(tracing: boolean): string[] {
  return [requestIdWorkflowModule, ...(tracing ? [otelWorkflowModule] : [])];
}

export function activityInterceptors(tracing?: Tracing): ActivityInterceptorsFactory[] {
  const otel: ActivityInterceptorsFactory = (ctx) => ({
    inbound: new OpenTelemetryActivityInboundInterceptor(ctx, { tracer: tracing?.tracer as NonNullable<Tracing['tracer']> }),
    outbound: new OpenTelemetryActivityOutboundInterceptor(ctx),
  });
  // OpenTelemetry first: its span is active when the request id interceptor binds the log context, so activity logs get the trace id too.
  return [...(tracing ? [otel] : []), requestIdActivityInterceptor];
}

/** The sink the workflow-side OpenTelemetry interceptors export their spans through. */
export function workflowSinks(tracing?: Tracing): InjectedSinks<OpenTelemetrySinks> | undefined {
  return tracing ? { exporter: makeWorkflowExporter(tracing.spanProcessor, tracing.resource) } : undefined;
}

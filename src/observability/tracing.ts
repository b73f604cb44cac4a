import { context, propagation, trace, type Tracer } from '@opentelemetry/api';
import { Resource } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import type { Config } from '../config/config.js';

/** What the Temporal interceptors need to trace: the tracer, and the processor and resource workflow spans are exported with. */
export interface Tracing {
  tracer: Tracer;
  spanProcessor: SpanProcessor;
  resource: Resource;
  shutdown(): Promise<void>;
}

/** Off by default; PITH_TRACING=true or an OTLP endpoint turns it on. */
export function tracingEnabled(cfg: Pick<Config, 'PITH_TRACING' | 'OTEL_EXPORTER_OTLP_ENDPOINT'>): boolean {
  return cfg.PITH_TRACING || cfg.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined;
}

/**
 * The process's tracer provider (OpenTelemetry SDK 1.x, what @temporalio/interceptors-opentelemetry
 * 1.24 builds on), exporting over OTLP/HTTP unless a processor is given (tests pass an in-memory one).
 * Undefined when tracing is off.
 */
export function startTracing(cfg: Config, spanProcessor?: SpanProcessor): Tracing | undefined {
  if (!tracingEnabled(cfg) && !spanProcessor) return undefined;
  const endpoint = cfg.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, '');
  const processor = spanProcessor ?? new BatchSpanProcessor(new OTLPTraceExporter(endpoint ? { url: `${endpoint}/v1/traces` } : {}));
  const resource = new Resource({ 'service.name': cfg.OTEL_SERVICE_NAME, 'service.version': cfg.VERSION });
  const provider = new NodeTracerProvider({ resource, spanProcessors: [processor] });
  // Global registration gives the async-hooks context manager, so spans started in a request reach the workflow start.
  provider.register();
  return {
    tracer: provider.getTracer('pith', cfg.VERSION),
    spanProcessor: processor,
    resource,
    async shutdown() {
      await provider.shutdown();
      // Unregistered, so a later provider in this process (a test's next stack) can register again.
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}

import { DefaultLogger, Runtime, type LogLevel } from '@temporalio/worker';
import type { Config } from '../config/config.js';
import { log } from '../observability/logger.js';

const SDK_LEVEL: Record<Config['LOG_LEVEL'], LogLevel> = { debug: 'DEBUG', info: 'INFO', warn: 'WARN', error: 'ERROR', silent: 'ERROR' };
const PINO_LEVEL = { TRACE: 'trace', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' } as const;

/**
 * The worker process's Temporal runtime: SDK and workflow logs go through the process's pino logger
 * (JSON, same redaction), and with TEMPORAL_METRICS_PORT set the SDK's own metrics (task latencies, slots,
 * polls, workflow/activity outcomes) are served as Prometheus text at http://HOST:<port>/metrics.
 */
export function installWorkerRuntime(cfg: Config): void {
  Runtime.install({
    // The SDK's default list also stops the worker on SIGUSR2, which Pith uses for heap snapshots
    // (observability/memory-report.ts): a snapshot request stopped the worker in the soak.
    shutdownSignals: ['SIGINT', 'SIGTERM', 'SIGQUIT'],
    logger: new DefaultLogger(SDK_LEVEL[cfg.LOG_LEVEL], (entry) => log()[PINO_LEVEL[entry.level]]({ ...entry.meta, component: 'temporal' }, entry.message)),
    ...(cfg.TEMPORAL_METRICS_PORT !== undefined
      ? { telemetryOptions: { metrics: { prometheus: { bindAddress: `${cfg.HOST}:${cfg.TEMPORAL_METRICS_PORT}`, countersTotalSuffix: true, useSecondsForDurations: true } } } }
      : {}),
  });
}

import { pino, type DestinationStream, type Logger } from 'pino';
import { trace } from '@opentelemetry/api';
import { config, type Config } from '../config/config.js';
import { logContext } from './log-context.js';

export type { Logger };

/**
 * Secrets that could reach a log line through a logged object: credentials in headers, API keys,
 * job tokens, x402 payments and webhook signing secrets. pino censors them before serialising.
 */
const SECRET_FIELDS = ['authorization', 'apiKey', 'api_key', 'key', 'rawKey', 'token', 'jobToken', 'job_token', 'secret', 'signingSecret', 'webhook_signing_secret', 'webhookSecret', 'password', 'cookie'];
const SECRET_HEADERS = ['authorization', '["payment-signature"]', '["x-payment"]', '["x-job-token"]', 'cookie', '["set-cookie"]', '["webhook-signature"]'];
const headerPaths = (prefix: string) => SECRET_HEADERS.map((h) => `${prefix}${h.startsWith('[') ? '' : '.'}${h}`);

export const REDACT_PATHS: string[] = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
  ...headerPaths('headers'),
  ...headerPaths('req.headers'),
  ...headerPaths('request.headers'),
  ...headerPaths('res.headers'),
];

/** Binds the request id (and job, workflow, activity) of the work in progress, and the trace id when tracing is on. */
function contextFields(): object {
  const fields: Record<string, unknown> = { ...logContext() };
  const span = trace.getActiveSpan()?.spanContext();
  if (span && span.traceId !== '00000000000000000000000000000000') fields.traceId = span.traceId;
  return fields;
}

/** A JSON logger at `level`; lines go to stdout unless `destination` is given (tests capture them). */
export function createLogger(level: Config['LOG_LEVEL'], destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      mixin: contextFields,
    },
    destination,
  );
}

let root: Logger | undefined;

/** LOG_LEVEL of the process configuration; logging must never throw, so a configuration that does not parse logs at `info`. */
function configuredLevel(): Config['LOG_LEVEL'] {
  try {
    return config().LOG_LEVEL;
  } catch {
    return 'info';
  }
}

/** The process's logger: set by each entry point (API, worker, test stack) from its configuration. */
export function log(): Logger {
  root ??= createLogger(configuredLevel());
  return root;
}

export function setLogger(logger: Logger): void {
  root = logger;
}

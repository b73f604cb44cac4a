import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startProcess, type ManagedProcess } from './processes.js';
import { waitUntil } from './ports.js';
import { logTail } from './temporal-cluster.js';

/**
 * The Temporal Web UI beside the production server (which has none): the standalone ui-server, the
 * same module the CLI's dev server embeds, its static assets inside the binary.
 */

export interface TemporalUiOptions {
  /** The ui-server binary (tools.ts ensureTemporalUiServer). */
  binary: string;
  /** The frontend's gRPC address, host:port. */
  temporalAddress: string;
  port: number;
  namespace: string;
  /** Holds config/production.yaml. */
  rootDir: string;
  logFile: string;
}

export interface TemporalUiHandle {
  readonly url: string;
  readonly process: ManagedProcess;
  stop(): Promise<void>;
}

/** The dev server's UI settings (cli devserver/server.go), as the ui-server's config file. */
function uiConfig(options: TemporalUiOptions): string {
  return `# Written by scripts/lib/temporal-ui.ts on every start: edit the template there, not this file.
host: 127.0.0.1
port: ${options.port}
temporalGrpcAddress: ${JSON.stringify(options.temporalAddress)}
enableUi: true
defaultNamespace: ${JSON.stringify(options.namespace)}
# Plain http on loopback: a Secure CSRF cookie never comes back, so the UI's write actions would fail.
cors:
  cookieInsecure: true
# Offline-safe: no version check against temporal.io.
notifyOnNewVersion: false
# No access log line per request (the UI polls).
hideLogs: true
`;
}

/** Writes the config, starts the UI server and waits until its health route answers. */
export async function startTemporalUi(options: TemporalUiOptions): Promise<TemporalUiHandle> {
  const configDir = path.join(options.rootDir, 'config');
  mkdirSync(configDir, { recursive: true });
  writeFileSync(path.join(configDir, 'production.yaml'), uiConfig(options));
  const child = startProcess('temporal-ui', options.binary, ['--root', options.rootDir, '--config', 'config', '--env', 'production', 'start'], { logFile: options.logFile });
  const url = `http://127.0.0.1:${options.port}`;
  const early = child.exited.then((code) => {
    throw new Error(`The Temporal UI server exited during start-up (${code}); the end of ${options.logFile}:\n${logTail(options.logFile)}`);
  });
  const healthy = async () => {
    try {
      return (await fetch(`${url}/healthz`)).ok;
    } catch {
      return false;
    }
  };
  await Promise.race([waitUntil('the Temporal UI server', healthy, 30_000, 200), early]).catch(async (err: unknown) => {
    await child.stop('SIGKILL', 5000);
    throw err;
  });
  void early.catch(() => undefined);
  return { url, process: child, stop: () => child.stop('SIGTERM', 10_000) };
}

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, parseConfig, type Config } from '../../src/config/config.js';
import { step, warn } from './log.js';
import { waitUntil } from './ports.js';
import { PidRegistry, killAllProcesses, startProcess, startWatchdog, stopAllProcesses, type ManagedProcess } from './processes.js';
import { serviceNodeArgs, withServiceProcessEnv, type ServiceEntry } from './service-entry.js';
import { dataDir, projectRoot } from './paths.js';

/**
 * What `npm start` and `npm run start:cluster` share: Pith's processes supervised (restarted when they
 * exit), infrastructure stopped after them in reverse order, one stop however many signals arrive, and a
 * watchdog ending what is left if the launcher itself is killed.
 */
export interface Launcher {
  readonly pids: PidRegistry;
  /** Stopped after every service, last added first. */
  addInfrastructure(name: string, stop: () => Promise<void>): void;
  /** Starts `entry` and restarts it when it exits (at most 5 times in a row, then everything stops). */
  supervise(name: string, entry: ServiceEntry, env: NodeJS.ProcessEnv): void;
  /** Runs start-up; a failure (not caused by a stop) is reported and stops everything. */
  run(startUp: () => Promise<void>): Promise<void>;
}

/** Copies of one signal arrive together (terminal and npm); a signal repeated later is the user insisting. */
const DUPLICATE_SIGNAL_MS = 2_000;

export async function createLauncher(registryFile: string): Promise<Launcher> {
  const pids = new PidRegistry(registryFile);
  const infrastructure: { name: string; stop: () => Promise<void> }[] = [];
  const services: ManagedProcess[] = [];
  let shuttingDown = false;
  let stopped: Promise<void> | undefined;

  // A closed terminal (SIGHUP) makes every write to it fail: the stop must still run to its end.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);

  /**
   * Stops everything, once: a second call (the same Ctrl-C reaches the launcher from the terminal and
   * again from npm, which forwards SIGINT/SIGTERM to its child) waits for the same stop instead of exiting
   * half-way, which once left PostgreSQL and Temporal running.
   */
  async function shutdown(code: number): Promise<never> {
    stopped ??= (async () => {
      shuttingDown = true;
      step('Stopping: API and worker first, then Temporal and PostgreSQL');
      await Promise.allSettled(services.map((s) => s.stop('SIGTERM', 15_000)));
      for (const part of infrastructure.reverse()) await part.stop().catch((err: Error) => warn(`${part.name}: ${err.message}`));
      // Whatever start-up had started but not yet handed over (a server still coming up) goes too.
      await stopAllProcesses();
      pids.clear();
      step('Stopped');
    })();
    await stopped;
    process.exit(code);
  }

  let firstSignalAt: number | undefined;
  function onSignal(signal: NodeJS.Signals): void {
    const now = Date.now();
    if (firstSignalAt === undefined) {
      firstSignalAt = now;
      void shutdown(0);
    } else if (now - firstSignalAt > DUPLICATE_SIGNAL_MS) {
      warn(`${signal} again: killing everything now`);
      killAllProcesses();
      process.exit(1);
    }
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);
  startWatchdog(pids.file);

  const reaped = await pids.reapStale();
  if (reaped.length > 0) warn(`Ended processes a previous launcher left running: ${reaped.join(', ')}`);

  const supervise = (name: string, entry: ServiceEntry, env: NodeJS.ProcessEnv, restarts = 0): void => {
    // A restart scheduled before a stop began must not start a process the stop has already passed.
    if (shuttingDown) return;
    const child = startProcess(name, process.execPath, serviceNodeArgs(entry), { cwd: projectRoot, env: withServiceProcessEnv(env), prefixOutput: true });
    pids.record(name, child.child.pid);
    services.push(child);
    void child.exited.then((code) => {
      if (shuttingDown) return;
      services.splice(services.indexOf(child), 1);
      if (restarts >= 5) {
        warn(`${name} exited (${code}) ${restarts} times in a row; stopping everything`);
        void shutdown(1);
        return;
      }
      warn(`${name} exited (${code}); restarting`);
      setTimeout(() => supervise(name, entry, env, restarts + 1), 1000 * (restarts + 1));
    });
  };

  return {
    pids,
    addInfrastructure: (name, stop) => void infrastructure.push({ name, stop }),
    supervise: (name, entry, env) => supervise(name, entry, env),
    async run(startUp) {
      try {
        await startUp();
      } catch (err) {
        // A stop during start-up makes the start-up steps fail too: that is no start-up failure.
        if (!shuttingDown) console.error(`\nStart-up failed: ${(err as Error).message}`);
        await shutdown(1);
      }
    },
  };
}

/** The configuration, or the process ends with the message naming each bad variable. */
export function launcherConfig(): Config {
  try {
    return parseConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/** A local key sealing webhook secrets when none is configured: made once, kept under .data/ (never committed). */
export function localEncryptionKey(): string {
  const file = path.join(dataDir, 'webhook-encryption.key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/** Until the API answers its health check (Temporal and PostgreSQL reachable). */
export function waitForApi(apiUrl: string): Promise<void> {
  return waitUntil('the API health check', async () => {
    try {
      return (await fetch(`${apiUrl}/health`)).status === 200;
    } catch {
      return false;
    }
  }, 120_000, 250);
}

import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ManagedProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** Resolves with the exit code (or signal) when the process has ended. */
  readonly exited: Promise<number | string>;
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
}

export interface StartOptions extends SpawnOptions {
  /** Append stdout/stderr here instead of inheriting the launcher's terminal. */
  logFile?: string;
  /** Prefix each line with the process name on the launcher's stderr (when no logFile). */
  prefixOutput?: boolean;
  /** The signal that asks this process to stop cleanly (PostgreSQL: SIGINT, its fast shutdown). */
  stopSignal?: NodeJS.Signals;
}

/** Every process started here and still running: what `stopAllProcesses` ends. */
const running = new Set<ManagedProcess>();
let refuseNew = false;

/**
 * Starts a child in its own process group so that a terminal Ctrl-C reaches only the launcher,
 * which then stops children in order (API and worker before Temporal and PostgreSQL).
 */
export function startProcess(name: string, command: string, args: string[], options: StartOptions = {}): ManagedProcess {
  // Start-up code still running while the launcher stops must not leave a new server behind.
  if (refuseNew) throw new Error(`not starting ${name}: stopping`);
  const { logFile, prefixOutput, stopSignal = 'SIGTERM', ...spawnOptions } = options;
  const child = spawn(command, args, { ...spawnOptions, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  if (logFile) {
    mkdirSync(path.dirname(logFile), { recursive: true });
    const sink = createWriteStream(logFile, { flags: 'a' });
    child.stdout?.pipe(sink);
    child.stderr?.pipe(sink);
  } else {
    const forward = (stream: NodeJS.WritableStream) => (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      // A closed terminal (SIGHUP) makes writes fail; the child's output is then dropped, never fatal.
      if (stream.writable) stream.write(prefixOutput ? text.replace(/^(?=.)/gm, `[${name}] `) : text, () => undefined);
    };
    child.stdout?.on('data', forward(process.stdout));
    child.stderr?.on('data', forward(process.stderr));
  }
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
    child.once('error', (err) => resolve(`spawn error: ${err.message}`));
  });
  let exitedFlag = false;

  async function stop(signal: NodeJS.Signals = stopSignal, graceMs = 10_000): Promise<void> {
    if (exitedFlag || child.pid === undefined) return;
    killGroup(child.pid, signal);
    const timedOut = await Promise.race([
      exited.then(() => false),
      new Promise<boolean>((r) => setTimeout(() => r(true), graceMs).unref()),
    ]);
    if (timedOut) {
      killGroup(child.pid, 'SIGKILL');
      await exited;
    }
  }
  const managed: ManagedProcess = { name, child, exited, stop };
  running.add(managed);
  void exited.then(() => {
    exitedFlag = true;
    running.delete(managed);
  });
  return managed;
}

/**
 * Stops every process started here that is still running (each with its own stop signal, SIGKILL after
 * `graceMs`) and refuses to start more: the launcher's last step, so that nothing start-up had begun but
 * not yet handed over (a server still starting when the signal came) outlives it.
 */
export async function stopAllProcesses(graceMs = 10_000): Promise<void> {
  refuseNew = true;
  await Promise.allSettled([...running].map((managed) => managed.stop(undefined, graceMs)));
}

/** Ends every process group started here at once (SIGKILL): a second, later Ctrl-C. */
export function killAllProcesses(): void {
  refuseNew = true;
  for (const managed of running) if (managed.child.pid !== undefined) killGroup(managed.child.pid, 'SIGKILL');
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      /* already gone */
    }
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A record of the process groups a launcher started, so that its watchdog (below) ends them the moment
 * the launcher dies without stopping them (SIGKILL, a crash), and the next launch ends what is still
 * left (power loss) before it reuses the same ports and data.
 */
export class PidRegistry {
  constructor(readonly file: string) {}

  private read(): Record<string, number> {
    try {
      return JSON.parse(readFileSync(this.file, 'utf8')) as Record<string, number>;
    } catch {
      return {};
    }
  }

  record(name: string, pid: number | undefined): void {
    if (pid === undefined) return;
    mkdirSync(path.dirname(this.file), { recursive: true });
    writeFileSync(this.file, JSON.stringify({ ...this.read(), [name]: pid }, null, 2));
  }

  /** Ends every recorded group still alive (SIGTERM, then SIGKILL) and forgets them. Returns their names. */
  async reapStale(): Promise<string[]> {
    const stale = Object.entries(this.read()).filter(([, pid]) => isAlive(pid));
    for (const [, pid] of stale) killGroup(pid, 'SIGTERM');
    const deadline = Date.now() + 10_000;
    while (stale.some(([, pid]) => isAlive(pid)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    for (const [, pid] of stale) if (isAlive(pid)) killGroup(pid, 'SIGKILL');
    rmSync(this.file, { force: true });
    return stale.map(([name]) => name);
  }

  clear(): void {
    rmSync(this.file, { force: true });
  }
}

const WATCHDOG = path.join(path.dirname(fileURLToPath(import.meta.url)), 'watchdog.mjs');

/**
 * A small process that outlives the launcher by design: it holds the read end of a pipe from the
 * launcher and, when that pipe closes — the launcher exited, however it died — ends every process group
 * still in the launcher's registry (a clean stop has emptied it; then it just exits). Children are in
 * process groups of their own (so that Ctrl-C reaches only the launcher, which stops them in order), so
 * nothing else would end them if the launcher were killed (node's spawn cannot set PR_SET_PDEATHSIG).
 */
export function startWatchdog(registryFile: string): void {
  const watchdog = spawn(process.execPath, [WATCHDOG, registryFile], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
  watchdog.on('error', () => undefined);
  // Neither the child nor the pipe keeps the launcher alive; the pipe's end is closed when it exits.
  watchdog.unref();
  (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
}

import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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
}

/**
 * Starts a child in its own process group so that a terminal Ctrl-C reaches only the launcher,
 * which then stops children in order (API and worker before Temporal and PostgreSQL).
 */
export function startProcess(name: string, command: string, args: string[], options: StartOptions = {}): ManagedProcess {
  const { logFile, prefixOutput, ...spawnOptions } = options;
  const child = spawn(command, args, { ...spawnOptions, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  if (logFile) {
    mkdirSync(path.dirname(logFile), { recursive: true });
    const sink = createWriteStream(logFile, { flags: 'a' });
    child.stdout?.pipe(sink);
    child.stderr?.pipe(sink);
  } else {
    const forward = (stream: NodeJS.WritableStream) => (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      stream.write(prefixOutput ? text.replace(/^(?=.)/gm, `[${name}] `) : text);
    };
    child.stdout?.on('data', forward(process.stdout));
    child.stderr?.on('data', forward(process.stderr));
  }
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
    child.once('error', (err) => resolve(`spawn error: ${err.message}`));
  });
  let exitedFlag = false;
  void exited.then(() => (exitedFlag = true));

  async function stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000): Promise<void> {
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
  return { name, child, exited, stop };
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
 * A record of the process groups a launcher started, so the next launch can end what a killed
 * launcher (SIGKILL, power loss) left behind before it reuses the same ports and data.
 */
export class PidRegistry {
  constructor(private readonly file: string) {}

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

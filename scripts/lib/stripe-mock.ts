import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { devNull } from 'node:os';
import path from 'node:path';
import { projectRoot, toolsBin } from './paths.js';
import { step, withProgress } from './log.js';
import { startProcess, type ManagedProcess } from './processes.js';

/**
 * Stripe's own API emulator: it validates every request against Stripe's OpenAPI spec and answers with
 * the spec's fixtures. Pinned: v0.203.0 installs with plain `go install` (no `replace` directive).
 */
export const STRIPE_MOCK_MODULE = 'github.com/stripe/stripe-mock@v0.203.0';

function onPath(binary: string): string | undefined {
  try {
    return execFileSync('sh', ['-c', `command -v ${binary}`], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

function goInstall(module: string, gobin: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('go', ['install', module], { cwd: projectRoot, env: { ...process.env, GOBIN: gobin, GOFLAGS: '-mod=mod' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', (err) => reject(new Error(`go install: cannot run go: ${err.message}`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`go install ${module} failed (exit ${code}):\n${output.slice(-4000)}`))));
  });
}

/** stripe-mock: in .tools/bin, on PATH, or built once from the Go module proxy (seconds, not minutes). */
export async function ensureStripeMock(): Promise<string> {
  const local = path.join(toolsBin, 'stripe-mock');
  if (existsSync(local)) return local;
  const global = onPath('stripe-mock');
  if (global) return global;
  if (!onPath('go')) throw new Error('stripe-mock is missing and Go is not installed to build it. Install Go (https://go.dev) or put `stripe-mock` on PATH.');
  mkdirSync(toolsBin, { recursive: true });
  step(`Building stripe-mock (${STRIPE_MOCK_MODULE}) into .tools/bin for the pricing tests`);
  await withProgress('stripe-mock build', goInstall(STRIPE_MOCK_MODULE, toolsBin));
  return local;
}

export interface StripeMockHandle {
  /** e.g. `http://127.0.0.1:40123`: what STRIPE_API_BASE takes. */
  readonly baseUrl: string;
  readonly process: ManagedProcess;
  stop(): Promise<void>;
}

const LISTENING_HTTP = /Listening for HTTP at address: (\S+):(\d+)/;

/**
 * Starts stripe-mock on loopback with ports the OS chooses (read back from its start-up line, so two
 * runs never race for a port). HTTPS is named too: without it stripe-mock also opens :12112 on every interface.
 */
export async function startStripeMock(bin: string, options: { logFile?: string; startTimeoutMs?: number } = {}): Promise<StripeMockHandle> {
  const startTimeoutMs = options.startTimeoutMs ?? 15_000;
  // stripe-mock logs every request; by default that goes nowhere rather than into the test output.
  const child = startProcess('stripe-mock', bin, ['-http-addr', '127.0.0.1:', '-https-addr', '127.0.0.1:'], { logFile: options.logFile ?? devNull });
  let output = '';
  const listening = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = LISTENING_HTTP.exec(output);
      if (match) resolve(`http://127.0.0.1:${match[2]}`);
    };
    child.child.stdout?.on('data', onData);
    child.child.stderr?.on('data', onData);
    void child.exited.then((code) => reject(new Error(`stripe-mock exited during start-up (${code}):\n${output.slice(-2000)}`)));
    setTimeout(() => reject(new Error(`stripe-mock did not report its HTTP address within ${startTimeoutMs} ms:\n${output.slice(-2000)}`)), startTimeoutMs).unref();
  });
  try {
    const baseUrl = await listening;
    return { baseUrl, process: child, stop: () => child.stop('SIGTERM', 5_000) };
  } catch (err) {
    await child.stop('SIGKILL', 1_000);
    throw err;
  }
}

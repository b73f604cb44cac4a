import { devNull } from 'node:os';
import { startProcess, type ManagedProcess } from './processes.js';

export { ensureStripeMock, STRIPE_MOCK_MODULE } from './tools.js';

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

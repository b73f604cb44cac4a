// The launcher's watchdog (see startWatchdog in processes.ts): waits for its stdin — a pipe whose other
// end only the launcher holds — to close, then ends the process groups left in the launcher's registry.
// Plain JavaScript with no imports beyond Node's: it must run without tsx and must not depend on anything
// the launcher set up.
import { readFileSync, rmSync } from 'node:fs';

const registryFile = process.argv[2];
const GRACE_MS = 20_000;

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

function signalGroup(pid, signal) {
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

async function reap() {
  let recorded = {};
  try {
    recorded = JSON.parse(readFileSync(registryFile, 'utf8'));
  } catch {
    return; // a clean stop removed the registry: nothing was left
  }
  const left = Object.entries(recorded).filter(([, pid]) => Number.isInteger(pid) && pid > 0 && alive(pid));
  // PostgreSQL's fast shutdown is SIGINT (SIGTERM would wait for its clients); the others stop on SIGTERM.
  for (const [name, pid] of left) signalGroup(pid, name === 'postgres' ? 'SIGINT' : 'SIGTERM');
  const deadline = Date.now() + GRACE_MS;
  while (left.some(([, pid]) => alive(pid)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  for (const [, pid] of left) if (alive(pid)) signalGroup(pid, 'SIGKILL');
  rmSync(registryFile, { force: true });
}

// Started detached (a session of its own): the terminal's and the launcher group's signals never reach it.
process.stdin.on('error', () => undefined);
process.stdin.resume();
process.stdin.on('close', () => {
  reap().finally(() => process.exit(0));
});

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { DEFAULT_CHROMIUM_PATH } from '../../src/extraction/render/chromium-flags.js';
import { step, warn, withProgress } from './log.js';

function aptGet(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('apt-get', args, {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', (err) => reject(new Error(`cannot run apt-get: ${err.message}`)));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`apt-get ${args.join(' ')} failed (exit ${code}):\n${output.slice(-4000)}`)),
    );
  });
}

/**
 * Debian's Chromium for JS rendering: Playwright cannot download its own browser builds here (only
 * package registries are reachable), but drives this one through `executablePath`. Returns it when
 * already installed, or installs it from Debian's packages when running as root. Returns undefined when it cannot be had; the service then answers
 * `js_rendering_unavailable` for render requests instead of failing to start.
 */
export async function ensureChromium(executablePath = DEFAULT_CHROMIUM_PATH): Promise<string | undefined> {
  if (existsSync(executablePath)) return executablePath;
  if (executablePath !== DEFAULT_CHROMIUM_PATH || process.getuid?.() !== 0) {
    warn(`Chromium is not at ${executablePath} and cannot be installed from here: JS rendering stays unavailable`);
    return undefined;
  }
  step('Installing Debian\'s chromium for JS rendering (apt-get; a few minutes the first time)');
  try {
    await withProgress('apt-get update', aptGet(['update']));
    await withProgress('apt-get install chromium', aptGet(['install', '-y', '--no-install-recommends', 'chromium']));
  } catch (err) {
    warn(`Chromium install failed, JS rendering stays unavailable: ${(err as Error).message}`);
    return undefined;
  }
  return existsSync(executablePath) ? executablePath : undefined;
}

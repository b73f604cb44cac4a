// Plain JavaScript with no dependencies: it runs before node_modules exists and installs it.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function say(message) {
  process.stderr.write(`[pith] ${message}\n`);
}

/**
 * Installs dependencies when node_modules is missing or older than package-lock.json. `npm install`
 * (which follows the lockfile) rather than `npm ci`: the registry mirrors here lack some other-platform
 * optional packages (@swc/core-darwin-*, -win32-*), and `npm ci` refuses a lockfile without them.
 */
export function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const fresh = existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs);
  if (fresh) return;
  say('Installing dependencies (npm install, from package-lock.json) — the first time takes a minute or two');
  const started = Date.now();
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' },
  });
  if (result.status !== 0) {
    say('npm install failed; see the output above.');
    process.exit(result.status ?? 1);
  }
  say(`Dependencies installed in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

/** Loads a TypeScript entry point in this process through tsx (installed by ensureDependencies). */
export async function runTypeScript(entry) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(path.join(root, entry));
}

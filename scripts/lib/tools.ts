import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { projectRoot, toolsBin, toolsDir } from './paths.js';
import { step, withProgress } from './log.js';

/** Pinned: v1.5.1 is the newest CLI tag whose go.mod has no `replace` directive, so `go install` works. */
export const TEMPORAL_CLI_MODULE = 'github.com/temporalio/cli/cmd/temporal@v1.5.1';

function onPath(binary: string): string | undefined {
  try {
    return execFileSync('sh', ['-c', `command -v ${binary}`], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env, cwd = projectRoot): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', (err) => reject(new Error(`${label}: cannot run ${command}: ${err.message}`)));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${label} failed (exit ${code}):\n${output.slice(-4000)}`)),
    );
  });
}

/** The Temporal CLI (a real Temporal server via `server start-dev`): on PATH, in .tools/bin, or built once from the Go module proxy. */
export async function ensureTemporalCli(): Promise<string> {
  const local = path.join(toolsBin, 'temporal');
  if (existsSync(local)) return local;
  const global = onPath('temporal');
  if (global) return global;
  if (!onPath('go')) throw new Error('The Temporal CLI is missing and Go is not installed to build it. Install Go (https://go.dev) or put `temporal` on PATH.');
  mkdirSync(toolsBin, { recursive: true });
  step(`Building the Temporal CLI (${TEMPORAL_CLI_MODULE}) into .tools/bin — the first build takes several minutes`);
  await withProgress('Temporal CLI build', run('go install', 'go', ['install', TEMPORAL_CLI_MODULE], { ...process.env, GOBIN: toolsBin, GOFLAGS: '-mod=mod' }));
  return local;
}

/** Docker Compose v2 (standalone binary), only to validate docker-compose.yml: no Docker engine runs here. */
export const COMPOSE_MODULE = 'github.com/docker/compose/v2/cmd@v2.29.7';

export async function ensureComposeCli(): Promise<string> {
  const local = path.join(toolsBin, 'docker-compose');
  if (existsSync(local)) return local;
  const global = onPath('docker-compose');
  if (global) return global;
  if (!onPath('go')) throw new Error('docker-compose is missing and Go is not installed to build it.');
  mkdirSync(toolsBin, { recursive: true });
  step(`Building Docker Compose (${COMPOSE_MODULE}) into .tools/bin to validate docker-compose.yml — about two minutes the first time`);
  const buildDir = path.join(toolsDir, 'compose-build');
  await withProgress('Docker Compose build', run('go install', 'go', ['install', COMPOSE_MODULE], { ...process.env, GOBIN: buildDir, GOFLAGS: '-mod=mod' }));
  // The module's main package is named `cmd`; as `docker-compose` it runs standalone.
  renameSync(path.join(buildDir, 'cmd'), local);
  return local;
}

export const testServerLibDir = path.join(toolsDir, 'temporal-test-server', 'lib');

/** The Java time-skipping test server's runtime classpath, fetched from Maven Central once. */
export async function ensureTimeSkippingServer(): Promise<string> {
  const wrapper = path.join(projectRoot, 'scripts', 'temporal-test-server.sh');
  if (existsSync(testServerLibDir) && readdirSync(testServerLibDir).some((f) => f.startsWith('temporal-test-server-'))) return wrapper;
  if (!onPath('mvn') || !onPath('java')) throw new Error('The time-skipping test server needs Java 17+ and Maven (mvn) on PATH.');
  step('Fetching the Temporal time-skipping test server from Maven Central into .tools/temporal-test-server');
  await withProgress(
    'Maven dependency:copy-dependencies',
    run('mvn', 'mvn', ['-B', '-q', '-f', path.join(projectRoot, 'tools', 'temporal-test-server', 'pom.xml'), 'dependency:copy-dependencies', `-DoutputDirectory=${testServerLibDir}`, '-DincludeScope=runtime']),
  );
  return wrapper;
}

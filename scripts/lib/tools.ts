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
    // A launcher stopped mid-build (its own SIGTERM, not its group's) takes the build with it.
    const endBuild = () => child.kill('SIGTERM');
    process.once('exit', endBuild);
    child.once('exit', () => process.removeListener('exit', endBuild));
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', (err) => reject(new Error(`${label}: cannot run ${command}: ${err.message}`)));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${label} failed (exit ${code}):\n${output.slice(-4000)}`)),
    );
  });
}

interface GoTool {
  /** The binary's name in .tools/bin and on PATH. */
  name: string;
  /** `module/path/cmd@version` for `go install`. */
  module: string;
  /** The name `go install` gives the binary (its main package's directory), when it differs from `name`. */
  builtAs?: string;
  /** Shown while building: what it is for and how long the first build takes. */
  purpose: string;
}

/** A Go-built tool: in .tools/bin, on PATH, or built once from the Go module proxy into .tools/bin. */
async function ensureGoTool(tool: GoTool): Promise<string> {
  const local = path.join(toolsBin, tool.name);
  if (existsSync(local)) return local;
  const global = onPath(tool.name);
  if (global) return global;
  if (!onPath('go')) throw new Error(`${tool.name} is missing and Go is not installed to build it. Install Go (https://go.dev) or put \`${tool.name}\` on PATH.`);
  const buildDir = path.join(toolsDir, `${tool.name}-build`);
  mkdirSync(toolsBin, { recursive: true });
  step(`Building ${tool.name} (${tool.module}) into .tools/bin — ${tool.purpose}`);
  await withProgress(`${tool.name} build`, run('go install', 'go', ['install', tool.module], { ...process.env, GOBIN: buildDir, GOFLAGS: '-mod=mod' }));
  renameSync(path.join(buildDir, tool.builtAs ?? tool.name), local);
  return local;
}

/** The Temporal CLI (a real Temporal server via `server start-dev`). */
export const ensureTemporalCli = () =>
  ensureGoTool({ name: 'temporal', module: TEMPORAL_CLI_MODULE, purpose: 'the Temporal dev server; the first build takes several minutes' });

/**
 * The production Temporal server and its SQL schema tool, from the same module version the CLI above
 * depends on (so the module is usually in Go's cache already); its go.mod has no `replace` directive.
 * The schema tool carries the module's schema/ directory embedded (`--schema-name postgresql/v12/…`).
 */
export const TEMPORAL_SERVER_MODULE = 'go.temporal.io/server';
export const TEMPORAL_SERVER_VERSION = 'v1.29.1';

export interface TemporalServerTools {
  server: string;
  sqlTool: string;
}

export async function ensureTemporalServerTools(): Promise<TemporalServerTools> {
  const server = await ensureGoTool({
    name: 'temporal-server',
    module: `${TEMPORAL_SERVER_MODULE}/cmd/server@${TEMPORAL_SERVER_VERSION}`,
    builtAs: 'server',
    purpose: 'the production Temporal server (start:cluster and its test); a few minutes the first time',
  });
  const sqlTool = await ensureGoTool({
    name: 'temporal-sql-tool',
    module: `${TEMPORAL_SERVER_MODULE}/cmd/tools/sql@${TEMPORAL_SERVER_VERSION}`,
    builtAs: 'sql',
    purpose: "the Temporal server's PostgreSQL schema tool; under a minute after the server",
  });
  return { server, sqlTool };
}

/**
 * The Temporal Web UI as its own server (the server binary has none; the CLI embeds this same module):
 * the version the CLI above depends on, so it is usually in Go's cache already; its go.mod has no
 * `replace` directive, and its static assets are embedded in the binary.
 */
export const TEMPORAL_UI_MODULE = 'github.com/temporalio/ui-server/v2/cmd/server@v2.42.1';

export const ensureTemporalUiServer = () =>
  ensureGoTool({ name: 'temporal-ui-server', module: TEMPORAL_UI_MODULE, builtAs: 'server', purpose: "the Temporal Web UI of start:cluster and its test; under a minute the first time" });

/** Docker Compose v2 (standalone binary), only to validate docker-compose.yml: no Docker engine runs here. */
export const COMPOSE_MODULE = 'github.com/docker/compose/v2/cmd@v2.29.7';

export const ensureComposeCli = () =>
  ensureGoTool({ name: 'docker-compose', module: COMPOSE_MODULE, builtAs: 'cmd', purpose: 'to validate docker-compose.yml; about two minutes the first time' });

/**
 * Stripe's own API emulator: it validates every request against Stripe's OpenAPI spec and answers with
 * the spec's fixtures. Pinned: v0.203.0 installs with plain `go install` (no `replace` directive).
 */
export const STRIPE_MOCK_MODULE = 'github.com/stripe/stripe-mock@v0.203.0';

export const ensureStripeMock = () => ensureGoTool({ name: 'stripe-mock', module: STRIPE_MOCK_MODULE, purpose: 'for the pricing tests; seconds' });

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

/** Pinned: the OpenAPI fuzzer of `npm run fuzz` and its bounded run in `npm test`. */
export const SCHEMATHESIS_VERSION = '4.32.5';
const schemathesisVenv = path.join(toolsDir, 'venv');

/**
 * A Python 3.12+ when one is installed: on 3.11, Hypothesis's lambda descriptions hit a CPython AST bug
 * ("AST constructor recursion depth mismatch") in schemathesis's coverage phase.
 */
function newestPython(): string | undefined {
  const pyenvRoot = path.join(process.env.PYENV_ROOT ?? path.join(process.env.HOME ?? '/root', '.pyenv'), 'versions');
  const pyenv = existsSync(pyenvRoot)
    ? readdirSync(pyenvRoot)
        .filter((v) => /^3\.(1[2-9])\.\d+$/.test(v))
        .sort((a, b) => b.localeCompare(a, undefined, { numeric: true }))
        .map((v) => path.join(pyenvRoot, v, 'bin', 'python3'))
    : [];
  const candidates = [...pyenv, onPath('python3.13'), onPath('python3.12'), onPath('python3')].filter((p): p is string => Boolean(p));
  return candidates.find((candidate) => {
    try {
      execFileSync(candidate, ['-c', 'import venv'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  });
}

/** Python's minor version, e.g. 12 for 3.12 (0 when it does not run). */
function pythonMinor(python: string): number {
  try {
    return Number(execFileSync(python, ['-c', 'import sys; print(sys.version_info[1])'], { encoding: 'utf8' }).trim());
  } catch {
    return 0;
  }
}

/** The minor version of the fuzzer's Python: below 12 its coverage phase must stay off (see newestPython). */
export const schemathesisPythonMinor = () => pythonMinor(path.join(schemathesisVenv, 'bin', 'python'));

/** Schemathesis from PyPI in a virtualenv under .tools (Python 3.9+ with venv and pip; 3.12+ preferred). */
export async function ensureSchemathesis(): Promise<string> {
  const binary = path.join(schemathesisVenv, 'bin', 'schemathesis');
  const python = newestPython();
  if (!python) throw new Error('The fuzz tests need Python 3 (with venv and pip) to install schemathesis.');
  if (existsSync(binary) && schemathesisPythonMinor() >= pythonMinor(python)) {
    try {
      if (execFileSync(binary, ['--version'], { encoding: 'utf8' }).includes(SCHEMATHESIS_VERSION)) return binary;
    } catch {
      // a broken venv: rebuild it below
    }
  }
  step(`Installing schemathesis ${SCHEMATHESIS_VERSION} from PyPI into .tools/venv — the API fuzzer; about ten seconds`);
  await withProgress(
    'schemathesis install',
    (async () => {
      await run('python3 -m venv', python, ['-m', 'venv', '--clear', schemathesisVenv]);
      await run('pip install schemathesis', path.join(schemathesisVenv, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', `schemathesis==${SCHEMATHESIS_VERSION}`]);
    })(),
  );
  return binary;
}

/** Pinned: what the Python client's tests and generator need, installed next to schemathesis in .tools/venv. */
export const PYTHON_CLIENT_TOOLS = ['httpx==0.28.1', 'pytest==9.2.0', 'datamodel-code-generator==0.89.0'];
const pythonClientDir = path.join(projectRoot, 'clients', 'python');

/**
 * The Python client installed (editable, from this checkout) into .tools/venv with pytest and the model
 * generator, so `npm test` runs its tests and the drift check. Returns the venv's python.
 */
export async function ensurePythonClient(): Promise<string> {
  await ensureSchemathesis(); // the venv it makes is the one the client goes into
  const python = path.join(schemathesisVenv, 'bin', 'python');
  const check = `import httpx, pytest, datamodel_code_generator, pith, sys; from importlib.metadata import version as v; ok = [v('httpx'), v('pytest'), v('datamodel-code-generator')] == ${JSON.stringify(PYTHON_CLIENT_TOOLS.map((t) => t.split('==')[1]))} and pith.__file__.startswith(${JSON.stringify(pythonClientDir)}); sys.exit(0 if ok else 1)`;
  try {
    execFileSync(python, ['-c', check], { stdio: 'ignore' });
    return python;
  } catch {
    // missing, other versions, or installed from another checkout: install below
  }
  step('Installing the Python client (editable) with httpx, pytest and datamodel-code-generator into .tools/venv; about twenty seconds');
  await withProgress(
    'python client install',
    run('pip install', path.join(schemathesisVenv, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', ...PYTHON_CLIENT_TOOLS, '-e', pythonClientDir]),
  );
  return python;
}

/**
 * Pinned: the peers bench:extract times Pith against (the shared set's peers/peer-extract.py), the
 * newest releases on PyPI when pinned.
 */
export const PEER_PACKAGES = ['rs-trafilatura==0.1.1', 'trafilatura==2.3.1', 'lxml-html-clean==0.4.6'];

/**
 * A virtualenv at .tools/<name> holding `packages` (pins, `name==version`): created or brought to the pins,
 * `why` saying what for while it installs. Returns its python.
 */
async function ensurePinnedVenv(name: string, packages: readonly string[], why: string): Promise<string> {
  const venv = path.join(toolsDir, name);
  const venvPython = path.join(venv, 'bin', 'python');
  const pins = packages.map((pin) => pin.split('=='));
  const check = `import sys; from importlib.metadata import version as v; sys.exit(0 if all(v(name) == pinned for name, pinned in ${JSON.stringify(pins)}) else 1)`;
  if (existsSync(venvPython)) {
    try {
      execFileSync(venvPython, ['-c', check], { stdio: 'ignore' });
      return venvPython;
    } catch {
      // missing packages or other versions: install below
    }
  }
  const python = newestPython();
  if (!python) throw new Error(`${why} needs Python 3 (with venv and pip).`);
  step(`Installing ${packages.join(', ')} from PyPI into .tools/${name} (${why})`);
  await withProgress(
    `${name} install`,
    (async () => {
      if (!existsSync(venvPython)) await run('python3 -m venv', python, ['-m', 'venv', venv]);
      await run(`pip install ${name}`, path.join(venv, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', ...packages]);
    })(),
  );
  return venvPython;
}

/** The peer extractors from PyPI in a virtualenv at .tools/peers. Returns its python. */
export function ensurePeers(): Promise<string> {
  return ensurePinnedVenv('peers', PEER_PACKAGES, "bench:extract's comparison; a few minutes the first time (rs-trafilatura builds with Rust's cargo)");
}

/** Pinned: what train:blocks trains the learned block scorer with. */
export const TRAINING_PACKAGES = ['lightgbm==4.7.0', 'numpy==2.4.6', 'scipy==1.17.1'];

/** LightGBM from PyPI in a virtualenv at .tools/ml. Returns its python. */
export function ensureTrainingTools(): Promise<string> {
  return ensurePinnedVenv('ml', TRAINING_PACKAGES, "train:blocks's model training; about a minute the first time");
}

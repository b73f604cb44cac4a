import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot, toolsDir } from '../../scripts/lib/paths.js';

/** The clients' README quick starts, run as written: the code block under "## Quick start", as a user's project would run it. */

const run = promisify(execFile);
export const typeScriptClientDir = path.join(projectRoot, 'clients', 'typescript');
const pythonClientDir = path.join(projectRoot, 'clients', 'python');
const python = () => process.env.PITH_PYTHON ?? path.join(toolsDir, 'venv', 'bin', 'python');

function quickStartOf(readme: string, language: 'js' | 'python'): string {
  const code = new RegExp(`## Quick start[\\s\\S]*?\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(readFileSync(readme, 'utf8'))?.[1];
  if (!code) throw new Error(`${readme} has no ${language} quick start`);
  return code;
}

/**
 * `tsc -p clients/typescript` into a package directory of its own (package.json, README, dist/): the package
 * as `npm pack` would ship it, with the `pith` bin. Each caller gets its own, so test files building in
 * parallel never read each other's half-written output. The caller deletes it.
 */
export async function buildTypeScriptClient(): Promise<string> {
  const pkg = mkdtempSync(path.join(tmpdir(), 'pith-client-pkg-'));
  for (const file of ['package.json', 'README.md']) copyFileSync(path.join(typeScriptClientDir, file), path.join(pkg, file));
  await run(process.execPath, [path.join(projectRoot, 'node_modules/typescript/bin/tsc'), '-p', path.join(typeScriptClientDir, 'tsconfig.json'), '--outDir', path.join(pkg, 'dist')], { cwd: projectRoot });
  return pkg;
}

/** The TypeScript quick start in a project that installed pith-client (`pkg`, built above, under node_modules); its stdout. */
export async function runTypeScriptQuickStart(pkg: string, env: Record<string, string>): Promise<string> {
  const project = mkdtempSync(path.join(tmpdir(), 'pith-quickstart-'));
  try {
    mkdirSync(path.join(project, 'node_modules'));
    symlinkSync(pkg, path.join(project, 'node_modules', 'pith-client'));
    writeFileSync(path.join(project, 'package.json'), '{ "type": "module" }');
    writeFileSync(path.join(project, 'quickstart.mjs'), quickStartOf(path.join(typeScriptClientDir, 'README.md'), 'js'));
    const { stdout } = await run(process.execPath, ['quickstart.mjs'], { cwd: project, env: { ...process.env, ...env } });
    return stdout;
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

/** The Python quick start with the venv `npm test` installs the client into; its stdout. */
export async function runPythonQuickStart(env: Record<string, string>): Promise<string> {
  const { stdout } = await run(python(), ['-c', quickStartOf(path.join(pythonClientDir, 'README.md'), 'python')], { cwd: tmpdir(), env: { ...process.env, ...env } });
  return stdout;
}

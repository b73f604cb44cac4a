/**
 * `npm test`: obtains the real servers the suite needs (Temporal CLI, the time-skipping test server,
 * the Prisma client), then runs lint, typecheck and vitest. Vitest's global set-up starts PostgreSQL
 * and Temporal on free ports and stops them.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { dataDir, projectRoot } from './lib/paths.js';
import { step } from './lib/log.js';
import { ensureComposeCli, ensurePythonClient, ensureSchemathesis, ensureTemporalCli, ensureTemporalServerTools, ensureTemporalUiServer, ensureTimeSkippingServer } from './lib/tools.js';
import { ensurePrismaClient } from './lib/prisma-client.js';
import { ensureChromium } from './lib/chromium.js';
import { ensureStripeMock } from './lib/stripe-mock.js';

function run(label: string, bin: string, args: string[]): Promise<number> {
  step(`${label}: ${path.basename(bin)} ${args.join(' ')}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(projectRoot, 'node_modules', bin), ...args], { cwd: projectRoot, stdio: 'inherit' });
    child.on('exit', (code, signal) => {
      step(`${label} ${code === 0 ? 'passed' : `FAILED (${code ?? signal})`} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
      resolve(code ?? 1);
    });
  });
}

const vitestReport = path.join(dataDir, 'vitest-report.json');

/** The plain closing line CI reads: "N passed, N failed". */
function printTestCounts(): void {
  try {
    const report = JSON.parse(readFileSync(vitestReport, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number };
    console.log(`tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  } catch {
    console.log('tests: 0 passed, 1 failed'); // no report: vitest itself did not run to the end
  }
}

await ensurePrismaClient();
await ensureTemporalCli();
// The production Temporal server, its schema tool and its Web UI server, for the cluster test (test/integration/cluster.test.ts).
await ensureTemporalServerTools();
await ensureTemporalUiServer();
await ensureTimeSkippingServer();
await ensureStripeMock();
process.env.PITH_SCHEMATHESIS = await ensureSchemathesis();
// The Python client with pytest and its model generator, in the same venv.
process.env.PITH_PYTHON = await ensurePythonClient();
// Real Chromium for the render tests (installed with apt-get when missing and running as root).
if (!(await ensureChromium())) throw new Error('Chromium is required by the JS-rendering tests and could not be installed');
process.env.PITH_COMPOSE_CLI = await ensureComposeCli();

const results = {
  lint: await run('lint', 'eslint/bin/eslint.js', ['.']),
  // Arrows one way: no file may reach itself through its imports (type imports included).
  circles: await run('import circles', 'madge/bin/cli.js', ['--circular', '--no-spinner', '--extensions', 'ts,tsx', 'src', 'workflows', 'activities']),
  typecheck: await run('typecheck', 'typescript/bin/tsc', ['--noEmit', '-p', 'tsconfig.json']),
  // The console's browser code has a tsconfig of its own (DOM, JSX, no Node types).
  consoleTypecheck: await run('typecheck (console)', 'typescript/bin/tsc', ['--noEmit', '-p', 'src/console/app/tsconfig.json']),
  vitest: await run('vitest', 'vitest/vitest.mjs', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`, ...process.argv.slice(2)]),
};
printTestCounts();
const failed = Object.entries(results).filter(([, code]) => code !== 0).map(([name]) => name);
step(failed.length === 0 ? 'All checks passed' : `Failed: ${failed.join(', ')}`);
process.exit(failed.length === 0 ? 0 : 1);

/**
 * npm run fuzz [-- --examples 100] [-- --url http://localhost:3000 [--key ce_…] [--rate 4/s]]
 *
 * Without --url: brings up the test stack (real PostgreSQL, Temporal, the API, a local chain with x402's
 * facilitator) through test/fuzz/api-fuzz.test.ts with a large example budget and a random seed.
 * With --url: fuzzes that running instance (e.g. `npm start`) with --key, or with a freshly registered
 * free key paced under the free plan's 5 requests/s.
 * Either way schemathesis prints its progress and the failures it found; the exit code is its verdict.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { runFuzz } from './lib/fuzz.js';
import { ensureSchemathesis, ensureTemporalCli } from './lib/tools.js';
import { ensurePrismaClient } from './lib/prisma-client.js';
import { step } from './lib/log.js';
import { projectRoot } from './lib/paths.js';

const arg = (name: string): string | undefined => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const examples = Number(arg('examples') ?? 100);
const url = arg('url')?.replace(/\/+$/, '');

if (url) {
  let key = arg('key');
  let rateLimit = arg('rate');
  if (!key) {
    const response = await fetch(`${url}/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `fuzz-${Date.now()}@example.com` }) });
    if (response.status !== 201) throw new Error(`could not register a fuzzing account at ${url}: ${response.status} ${await response.text()}`);
    key = ((await response.json()) as { api_key: string }).api_key;
    rateLimit ??= '4/s'; // a new account is on the free plan: 5 requests per second
    step(`Registered a free account for fuzzing; pacing at ${rateLimit}`);
  }
  step(`Fuzzing ${url}/openapi.json with up to ${examples} examples per operation`);
  const result = await runFuzz({ baseUrl: url, apiKey: key, maxExamples: examples, ...(rateLimit ? { rateLimit } : {}), onOutput: (text) => process.stdout.write(text) });
  process.exit(result.exitCode);
}

await ensurePrismaClient();
await ensureTemporalCli();
await ensureSchemathesis();
step(`Fuzzing a fresh test stack with up to ${examples} examples per operation`);
const vitest = createRequire(import.meta.url).resolve('vitest/vitest.mjs');
const child = spawn(process.execPath, [vitest, 'run', 'test/fuzz/api-fuzz.test.ts'], {
  cwd: projectRoot,
  stdio: 'inherit',
  env: { ...process.env, FUZZ_MAX_EXAMPLES: String(examples), FUZZ_SEED: String(Math.floor(Math.random() * 2 ** 31)), FUZZ_VERBOSE: '1' },
});
child.on('exit', (code) => process.exit(code ?? 1));

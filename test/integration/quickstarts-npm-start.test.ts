import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { articlePage, startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { apiClient } from '../support/api.js';
import { killRuns, startNpm, START_TIMEOUT_MS, STOP_TIMEOUT_MS } from '../support/npm-start.js';
import { buildTypeScriptClient, runPythonQuickStart, runTypeScriptQuickStart } from '../support/quickstarts.js';

/**
 * Both clients' README quick starts, as written, against a real `npm start` (its own data directory and
 * ports; loopback pages allowed, since this machine reaches no public site) with a key from POST /register.
 */

let site: FixtureServer;
let pkg: string;

beforeAll(async () => {
  site = await startFixtureServer({ '/quickstart': { body: articlePage('Quick start page', ['The quick start extracts this page and prints the beginning of its markdown, then runs a bulk job over it.', 'A second paragraph for the extractor.']) } });
  pkg = await buildTypeScriptClient();
});

afterAll(async () => {
  await site?.close();
  if (pkg) rmSync(pkg, { recursive: true, force: true });
});

afterEach(killRuns);

describe('the clients\' quick starts against npm start', () => {
  it('run as written: TypeScript and Python', async () => {
    const run = await startNpm({ ALLOW_PRIVATE_TARGETS: 'true' });
    const registered = await apiClient(run.baseUrl).register();
    const env = { PITH_API_KEY: registered.api_key, PITH_BASE_URL: run.baseUrl, QUICKSTART_URL: site.url('/quickstart') };
    for (const [language, stdout] of [['typescript', await runTypeScriptQuickStart(pkg, env)], ['python', await runPythonQuickStart(env)]] as const) {
      expect({ language, extracted: stdout.includes('# Quick start page') }).toEqual({ language, extracted: true });
      expect(stdout, language).toContain(`${site.url('/quickstart')} ok`);
      expect(stdout, language).toMatch(/\d+ requests used this month/);
    }
    process.kill(-run.npm.pid!, 'SIGTERM');
    expect(await Promise.race([run.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), STOP_TIMEOUT_MS))])).not.toBe('still running');
  }, START_TIMEOUT_MS + STOP_TIMEOUT_MS + 60_000);
});

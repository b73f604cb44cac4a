import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack.js';
import { articlePage, startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { apiClient } from '../support/api.js';
import { projectRoot, toolsDir } from '../../scripts/lib/paths.js';
import { quotaPeriod } from '../../src/accounts/metering.js';
import { PLANS } from '../../src/contract/plans.js';

/**
 * The Python client (clients/python) against the real service: this file starts the service and makes the
 * accounts, and pytest (in .tools/venv, installed by `npm test`) runs clients/python/tests against it.
 */

const run = promisify(execFile);
const python = process.env.PITH_PYTHON ?? path.join(toolsDir, 'venv', 'bin', 'python');
let stack: Stack;
let site: FixtureServer;
let api: ReturnType<typeof apiClient>;

const page = (n: number) => articlePage(`Client page ${n}`, [`Page ${n} of the client tests: a paragraph long enough for the extractor to keep as the content of the page.`, 'A second paragraph, so that the markdown has more than one line of text in it.']);

beforeAll(async () => {
  if (!existsSync(python)) throw new Error('The Python client is not installed in .tools/venv: run `npm test`, which installs it');
  site = await startFixtureServer(Object.fromEntries(Array.from({ length: 6 }, (_, n) => [`/p/${n}`, { body: page(n) }])));
  stack = await startStack();
  api = apiClient(stack.baseUrl);
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  await site?.close();
});

async function key(plan: 'free' | 'enterprise', spent = false): Promise<string> {
  const registered = await api.register();
  await stack.db.account.update({ where: { id: registered.account_id }, data: { plan } });
  if (spent) {
    const { start } = quotaPeriod();
    const used = PLANS[plan].includedRequestsPerMonth;
    await stack.db.usageCounter.create({ data: { accountId: registered.account_id, periodStart: start, used } });
  }
  return registered.api_key;
}

describe('pith (Python client)', () => {
  it('passes its pytest suite against the running service', async () => {
    const env = {
      ...process.env,
      PITH_BASE_URL: stack.baseUrl,
      PITH_TEST_KEY: await key('enterprise'),
      PITH_TEST_FREE_KEY: await key('free'),
      PITH_TEST_SPENT_KEY: await key('free', true),
      PITH_TEST_FRESH_KEYS: [await key('enterprise'), await key('enterprise'), await key('enterprise')].join(','),
      PITH_TEST_PAGES: Array.from({ length: 6 }, (_, n) => site.url(`/p/${n}`)).join(','),
    };
    const result = await run(python, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', 'clients/python/tests'], { cwd: projectRoot, env }).catch((err: { stdout?: string; stderr?: string; code?: number }) => err);
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
    expect((result as { code?: number }).code ?? 0, output).toBe(0);
    expect(output).toMatch(/8 passed/);
  }, 240_000);

  it('builds as a wheel', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'pith-wheel-'));
    try {
      await run(python, ['-m', 'pip', 'wheel', '--quiet', '--disable-pip-version-check', '--no-deps', '-w', out, path.join(projectRoot, 'clients', 'python')], { cwd: projectRoot });
      expect(readdirSync(out)).toEqual([expect.stringMatching(/^pith-0\.1\.0-py3-none-any\.whl$/)]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});

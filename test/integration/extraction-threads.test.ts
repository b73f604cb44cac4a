import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePage, startFixtureServer, type FixtureServer } from '../support/fixture-server.js';

const run = promisify(execFile);
const script = fileURLToPath(new URL('../fixtures/thread-extractor-check.ts', import.meta.url));
let pages: FixtureServer;

beforeAll(async () => {
  pages = await startFixtureServer({
    '/a': { body: articlePage('Threaded', Array.from({ length: 12 }, (_, i) => `Worker thread paragraph ${i} with enough words to be content.`)) },
    '/empty': { body: '<html><body><nav><a href="/">Home</a></nav></body></html>' },
  });
});
afterAll(async () => pages?.close());

describe('extraction on worker threads (piscina), as the API and worker processes run it', () => {
  it('extracts on the pool and keeps no_content as an ExtractionError across the thread boundary', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script, pages.url('/a'), pages.url('/empty')], { timeout: 60_000 });
    const report = JSON.parse(stdout.trim().split('\n').pop() ?? '{}');
    expect(report.markdownLengths).toHaveLength(6);
    expect(new Set(report.markdownLengths).size).toBe(1);
    expect(report.markdownLengths[0]).toBeGreaterThan(300);
    expect(report.chunks).toBeGreaterThan(0);
    expect(report.emptyCode).toBe('no_content');
  });
});

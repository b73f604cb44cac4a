import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { bundleSource } from '../../../src/runtime/source-bundle.mjs';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../..', import.meta.url));
const fixture = path.join(root, 'test/fixtures/service-bundle/where-am-i.ts');

// The API and the worker start through run-service.mjs from a bundle of their sources (no tsx).
describe('run-service.mjs', () => {
  it('runs a TypeScript entry on plain Node, each module seeing its own source URL, with the entry’s arguments', async () => {
    const { stdout } = await run(process.execPath, [path.join(root, 'src/runtime/run-service.mjs'), 'test/fixtures/service-bundle/where-am-i.ts', '--flag', 'value'], { cwd: root });
    const seen = JSON.parse(stdout.trim()) as { url: string; neighbour: string; argv: string[]; execArgv: string[]; file: string };
    expect(seen.url).toBe(pathToFileURL(fixture).href);
    expect(seen.file).toBe(fixture);
    expect(seen.neighbour).toBe('found beside its source');
    expect(seen.argv).toEqual([fixture, '--flag', 'value']);
    // No loader: the process runs JavaScript only.
    expect(seen.execArgv.join(' ')).not.toMatch(/tsx/);
  });

  it('bundles into node_modules/.cache by a hash of the code, with a source map beside it', async () => {
    const file = await bundleSource(fixture, 'pith-test-bundles', 'where-am-i');
    expect(file).toMatch(/node_modules\/\.cache\/pith-test-bundles\/where-am-i-[0-9a-f]{16}\.mjs$/);
    expect(await bundleSource(fixture, 'pith-test-bundles', 'where-am-i')).toBe(file);
    const code = readFileSync(file, 'utf8');
    expect(code).not.toContain('import.meta.url');
    expect(code.trimEnd().split('\n').at(-1)).toBe(`//# sourceMappingURL=${path.basename(file)}.map`);
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] };
    expect(map.sources.map((source) => path.resolve(path.dirname(file), source))).toContain(fixture);
  });

  it('refuses to start without an entry', async () => {
    await expect(run(process.execPath, [path.join(root, 'src/runtime/run-service.mjs')], { cwd: root })).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/usage: node src\/runtime\/run-service\.mjs/) });
  });
});

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { builtinsReplacedBy, keepingNativeBuiltins } from '../../../../src/extraction/documents/native-builtins.js';

const run = promisify(execFile);

/** What core-js does to Node 20's built-ins when pdf.js's legacy build loads: replaces some, adds others. */
async function polyfillLikeCoreJs(): Promise<string> {
  const push = Array.prototype.push;
  Object.defineProperty(Array.prototype, 'push', { value: function wrappedPush(this: unknown[], ...items: unknown[]) { return push.apply(this, items); }, writable: true, configurable: true, enumerable: false });
  const stringify = JSON.stringify;
  Object.defineProperty(JSON, 'stringify', { value: (value: unknown) => stringify(value), writable: true, configurable: true });
  Object.defineProperty(Promise, 'pithTestAddition', { value: () => 'added', writable: true, configurable: true });
  return 'loaded';
}

describe('built-ins kept native around pdf.js', () => {
  it('puts back the functions a module replaced and keeps what it added', async () => {
    const push = Array.prototype.push;
    const stringify = JSON.stringify;
    try {
      expect(await keepingNativeBuiltins(polyfillLikeCoreJs)).toBe('loaded');
      expect(Array.prototype.push).toBe(push);
      expect(JSON.stringify).toBe(stringify);
      expect((Promise as unknown as { pithTestAddition: () => string }).pithTestAddition()).toBe('added');
      expect(Object.getOwnPropertyDescriptor(Array.prototype, 'push')?.enumerable).toBe(false);
    } finally {
      delete (Promise as unknown as { pithTestAddition?: unknown }).pithTestAddition;
    }
  });

  it('names what it put back', async () => {
    expect((await builtinsReplacedBy(polyfillLikeCoreJs)).sort()).toEqual(['Array.prototype.push', 'JSON.stringify']);
    delete (Promise as unknown as { pithTestAddition?: unknown }).pithTestAddition;
  });

  it('pdf.js’s legacy build does replace JSON and Array.prototype.push on this Node (why the guard exists), and the guard puts them back', async () => {
    // In a fresh process: where pdf.js was loaded before, its module does not run again.
    const script = `
      import { builtinsReplacedBy } from ${JSON.stringify(new URL('../../../../src/extraction/documents/native-builtins.ts', import.meta.url).href)};
      const push = Array.prototype.push;
      const replaced = await builtinsReplacedBy(() => import('pdfjs-dist/legacy/build/pdf.mjs'));
      console.log(JSON.stringify({ replaced, pushNative: Array.prototype.push === push, rawJson: typeof JSON.rawJSON === 'function' }));`;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 30_000 });
    const seen = JSON.parse(stdout.trim().split('\n').at(-1) as string) as { replaced: string[]; pushNative: boolean; rawJson: boolean };
    // A Node with JSON.rawJSON needs no JSON replacement; Node 20 gets all three.
    if (!seen.rawJson) expect(seen.replaced).toEqual(expect.arrayContaining(['JSON.stringify', 'JSON.parse', 'Array.prototype.push']));
    expect(seen.pushNative).toBe(true);
  });
});

import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_PROCESS_NODE_FLAGS } from '../../../src/runtime/isolate-heap.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * A process started with the API's flags: its main thread's young-generation capacity, and that of a
 * thread started afterwards (with an extraction thread's resourceLimits), in MB; the floor is cleared
 * before the thread starts when `clear` is set.
 */
function youngGenerations(clear: boolean): { main: number; thread: number } {
  const newSpaceMb = "v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size / 1048576";
  // An eval'd thread inherits --input-type=module: its code is a module too.
  const threadCode = `import v8 from 'node:v8'; import { parentPort } from 'node:worker_threads'; parentPort.postMessage(${newSpaceMb});`;
  const script = `
    import v8 from 'node:v8';
    import { Worker } from 'node:worker_threads';
    import { withoutMainThreadHeapFloor } from './src/runtime/isolate-heap.ts';
    const main = ${newSpaceMb};
    if (${clear}) withoutMainThreadHeapFloor();
    const worker = new Worker(${JSON.stringify(threadCode)}, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 96 } });
    worker.once('message', (thread) => { console.log(JSON.stringify({ main, thread })); void worker.terminate(); });
  `;
  return JSON.parse(execFileSync(process.execPath, [...API_PROCESS_NODE_FLAGS, '--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' })) as { main: number; thread: number };
}

describe("the API's main-thread heap floor", () => {
  it('holds for the main thread, and threads started after it is cleared size their own', () => {
    const { main, thread } = youngGenerations(true);
    expect(main).toBeGreaterThanOrEqual(8);
    expect(thread).toBeLessThan(8);
  });

  it('would reach every thread if it were not cleared', () => {
    expect(youngGenerations(false).thread).toBeGreaterThanOrEqual(8);
  });
});

/**
 * Full collections (mark-compact, incremental or not) in a process started with the API's flags and
 * `extraFlags`, while it adds `addedUnits` of live objects to the `keptUnits` that survived a full
 * collection (a unit is 16,384 small objects).
 */
function fullCollectionsWhileGrowing(extraFlags: string[], keptUnits: number, addedUnits: number): number {
  const script = `
    import { PerformanceObserver } from 'node:perf_hooks';
    const units = (n) => Array.from({ length: n * 16384 }, (_, i) => ({ a: i, b: i + 1, c: null }));
    let full = 0;
    new PerformanceObserver((list) => { for (const entry of list.getEntries()) if (entry.detail.kind === 2 || entry.detail.kind === 4) full++; }).observe({ entryTypes: ['gc'] });
    const kept = units(${keptUnits});
    globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 50));
    full = 0;
    const added = units(${addedUnits});
    await new Promise((resolve) => setTimeout(resolve, 50));
    console.log(JSON.stringify({ full, kept: kept.length + added.length }));
  `;
  const out = execFileSync(process.execPath, [...API_PROCESS_NODE_FLAGS, ...extraFlags, '--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8' });
  return (JSON.parse(out) as { full: number }).full;
}

describe("the API's old-generation growth", () => {
  // Probed on this machine: the first full collection came after adding 25–30 units to 40 with the API's
  // flags, and only after more than 120 with V8's own factor.
  it('starts a full collection once the old generation has grown by about half', () => {
    expect(fullCollectionsWhileGrowing([], 40, 60)).toBeGreaterThanOrEqual(1);
    expect(fullCollectionsWhileGrowing([], 40, 10)).toBe(0);
  });

  it('would let it grow further with a larger growth factor', () => {
    expect(fullCollectionsWhileGrowing(['--heap-growing-percent=300'], 40, 60)).toBe(0);
  });
});

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

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXTRACTION_PROCESS_NODE_FLAGS, SERVICE_PROCESS_ENV } from '../../../../src/extraction/threads/process-flags.js';
import { API_PROCESS_NODE_FLAGS } from '../../../../src/runtime/isolate-heap.js';
import { SERVICE_RUNNER, withServiceProcessEnv, serviceNodeArgs, serviceNodeFlags } from '../../../../scripts/lib/service-entry.js';
import { projectRoot } from '../../../../scripts/lib/paths.js';

// The flags only take effect on a process's command line, so every way of starting the API and the
// worker must carry them: npm start (launcher), tests and benchmarks, npm run api/worker, docker compose.
describe('Node flags of the processes that host extraction threads', () => {
  it('single-threaded GC and no allocation-site pretenuring are among them', () => {
    expect(EXTRACTION_PROCESS_NODE_FLAGS).toContain('--single-threaded-gc');
    expect(EXTRACTION_PROCESS_NODE_FLAGS).toContain('--no-allocation-site-pretenuring');
  });

  it('the launcher, tests and benchmarks start both services with them, before the entry point', () => {
    for (const entry of ['src/edge/main.ts', 'src/temporal/worker-main.ts'] as const) {
      const args = serviceNodeArgs(entry);
      expect(args.slice(0, EXTRACTION_PROCESS_NODE_FLAGS.length)).toEqual([...EXTRACTION_PROCESS_NODE_FLAGS]);
      expect(args.slice(-2)).toEqual([path.join(projectRoot, SERVICE_RUNNER), path.join(projectRoot, entry)]);
    }
  });

  it('their environment carries the allocator settings, which a caller may override', () => {
    expect(withServiceProcessEnv({ PORT: '1' })).toEqual({ ...SERVICE_PROCESS_ENV, PORT: '1' });
    expect(withServiceProcessEnv({ MALLOC_ARENA_MAX: '8' }).MALLOC_ARENA_MAX).toBe('8');
  });

  it('the API process alone adds its own, after them', () => {
    expect(serviceNodeArgs('src/edge/main.ts').slice(0, -2)).toEqual([...EXTRACTION_PROCESS_NODE_FLAGS, ...API_PROCESS_NODE_FLAGS]);
    expect(serviceNodeArgs('src/temporal/worker-main.ts').slice(0, -2)).toEqual([...EXTRACTION_PROCESS_NODE_FLAGS]);
  });

  it('npm run api / worker, docker compose and the Dockerfile pass them too', () => {
    const scripts = (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const compose = readFileSync(path.join(projectRoot, 'docker-compose.yml'), 'utf8');
    const dockerfile = readFileSync(path.join(projectRoot, 'Dockerfile'), 'utf8');
    for (const [script, entry] of [['api', 'src/edge/main.ts'], ['worker', 'src/temporal/worker-main.ts']] as const) {
      for (const [name, value] of Object.entries(SERVICE_PROCESS_ENV)) expect(scripts[script]).toContain(`${name}=${value} `);
      const flags = serviceNodeFlags(entry);
      expect(scripts[script]).toContain(`node ${flags.join(' ')} ${SERVICE_RUNNER} ${entry}`);
      expect(compose).toContain(`["node", ${[...flags, SERVICE_RUNNER, entry].map((arg) => `"${arg}"`).join(', ')}]`);
    }
    expect(dockerfile).toContain(`CMD ["node", ${[...serviceNodeFlags('src/edge/main.ts'), SERVICE_RUNNER, 'src/edge/main.ts'].map((arg) => `"${arg}"`).join(', ')}]`);
  });
});

import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXTRACTION_PROCESS_NODE_FLAGS, SERVICE_PROCESS_ENV } from '../../src/extraction/threads/process-flags.js';
import { API_PROCESS_NODE_FLAGS } from '../../src/runtime/isolate-heap.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** docker-compose.yml is the production topology; no engine runs here, but Compose itself validates the file. */
describe('docker-compose.yml', () => {
  it('validates with Docker Compose and declares the whole topology', () => {
    const cli = process.env.PITH_COMPOSE_CLI;
    if (!cli) throw new Error('PITH_COMPOSE_CLI is not set: run the suite through `npm test`, which installs Docker Compose');
    const env = { ...process.env, WEBHOOK_ENCRYPTION_KEY: 'ab'.repeat(32) };
    const services = execFileSync(cli, ['-f', 'docker-compose.yml', 'config', '--services'], { cwd: root, encoding: 'utf8', env }).trim().split('\n');
    expect(services.sort()).toEqual(['api', 'migrate', 'postgres', 'temporal', 'temporal-setup', 'temporal-ui', 'worker']);
    const config = JSON.parse(execFileSync(cli, ['-f', 'docker-compose.yml', 'config', '--format', 'json'], { cwd: root, encoding: 'utf8', env }));
    expect(config.services.temporal.environment.DB).toBe('postgres12');
    // start:cluster's topology: two API and two worker processes.
    expect(config.services.api.deploy.replicas).toBe(2);
    expect(config.services.worker.deploy.replicas).toBe(2);
    expect(config.services.api.environment.DATABASE_URL).toMatch(/@postgres:5432\//);
    // Started as npm start starts them: the extraction processes' Node flags (and the API's own), the bundle runner, its allocator settings.
    expect(config.services.worker.command).toEqual(['node', ...EXTRACTION_PROCESS_NODE_FLAGS, 'src/runtime/run-service.mjs', 'src/temporal/worker-main.ts']);
    expect(config.services.api.command).toEqual(['node', ...EXTRACTION_PROCESS_NODE_FLAGS, ...API_PROCESS_NODE_FLAGS, 'src/runtime/run-service.mjs', 'src/edge/main.ts']);
    for (const [name, value] of Object.entries(SERVICE_PROCESS_ENV)) {
      expect(config.services.api.environment[name]).toBe(value);
      expect(config.services.worker.environment[name]).toBe(value);
    }
    expect(config.services.api.environment.WEBHOOK_ENCRYPTION_KEY).toBe('ab'.repeat(32));
  });

  it('refuses to configure the topology without the webhook encryption key', () => {
    const cli = process.env.PITH_COMPOSE_CLI;
    if (!cli) throw new Error('PITH_COMPOSE_CLI is not set: run the suite through `npm test`');
    const { WEBHOOK_ENCRYPTION_KEY: _unset, ...env } = process.env;
    expect(() => execFileSync(cli, ['-f', 'docker-compose.yml', 'config', '--quiet'], { cwd: root, env, stdio: 'pipe' })).toThrow(/WEBHOOK_ENCRYPTION_KEY/);
  });
});

import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStack, type Stack } from '../support/stack.js';
import { apiClient } from '../support/api.js';
import { startPostgres, type PostgresHandle } from '../../scripts/lib/postgres.js';
import { migrateDeploy } from '../../scripts/lib/migrate.js';
import { freePort } from '../../scripts/lib/ports.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

describe('POST /register limits (5 accounts per IP per hour)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ REGISTER_LIMIT_PER_HOUR: '5' });
    await stack.db.rateLimit.deleteMany({ where: { key: { startsWith: 'register' } } }); // other files register from 127.0.0.1 too
  });
  afterAll(async () => {
    await stack?.db.rateLimit.deleteMany({ where: { key: { startsWith: 'register' } } });
    await stack?.stop();
  });

  it('answers the sixth registration from one address with register_rate_limited and Retry-After', async () => {
    const api = apiClient(stack.baseUrl);
    for (let i = 0; i < 5; i++) await api.register();
    const sixth = await api.post('/register', { email: `sixth-${Date.now()}@example.com` });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toMatchObject({ code: 'register_rate_limited', retry: true });
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(sixth.body.error.retry_after).toBe(Number(sixth.headers.get('retry-after')));
  });
});

describe('when the limiter store is down', () => {
  let limiterDb: PostgresHandle;
  let stack: Stack;
  let scratch: string;
  beforeAll(async () => {
    scratch = mkdtempSync(path.join(tmpdir(), 'pith-limiter-'));
    chmodSync(scratch, 0o755);
    limiterDb = await startPostgres({ dataDir: path.join(scratch, 'pg'), port: await freePort(), database: 'limiter', ephemeral: true, logFile: path.join(scratch, 'pg.log') });
    await migrateDeploy(limiterDb.url);
    stack = await startStack({ RATE_LIMIT_DATABASE_URL: limiterDb.url });
  });
  afterAll(async () => {
    await stack?.stop();
    await limiterDb?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('registration fails closed with 503 service_unavailable', async () => {
    const api = apiClient(stack.baseUrl);
    expect((await api.post('/register', { email: `before-${Date.now()}@example.com` })).status).toBe(201);
    await limiterDb.stop();
    const down = await api.post('/register', { email: `during-${Date.now()}@example.com` });
    expect(down.status).toBe(503);
    expect(down.body.error).toMatchObject({ code: 'service_unavailable', retry: true });
    expect(await stack.db.account.count({ where: { email: { startsWith: 'during-' } } })).toBe(0);
  });
});

describe('the error envelope on every 4xx/5xx', () => {
  let stack: Stack;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    stack = await startStack();
    api = apiClient(stack.baseUrl);
  });
  afterAll(async () => stack?.stop());

  const envelope = (body: any) => {
    expect(Object.keys(body)).toEqual(['error']);
    expect(typeof body.error.code).toBe('string');
    expect(typeof body.error.message).toBe('string');
    expect(typeof body.error.retry).toBe('boolean');
    expect(body.error.docs_url).toMatch(/\/docs\/errors#/);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+/); // no stack traces
  };

  it('covers unknown routes, wrong methods, malformed JSON, wrong content types and oversized bodies', async () => {
    const { api_key: key } = await api.register();
    const cases: [Promise<{ status: number; body: any }>, number, string][] = [
      [api.get('/no-such-route'), 404, 'not_found'],
      [api.call('PUT', '/extract', { key, body: {} }), 405, 'method_not_allowed'],
      // Found by fuzzing, each used to surface as a 500: a cursor beyond PostgreSQL's bigint, a method no route uses.
      [api.call('GET', '/logs?cursor=23007441590068861537', { key }), 422, 'invalid_request'],
      [api.call('POST', '/keys', { key, body: { scopes: ['extract'], deny_patterns: ['ok', 'a\u0000b'] } }), 422, 'invalid_request'],
      [api.call('GET', '/webhooks/deliveries?cursor=%00', { key }), 422, 'invalid_request'],
      [api.call('PROPFIND', '/health'), 405, 'method_not_allowed'],
      [api.call('PATCH', '/keys', { key, body: {} }), 405, 'method_not_allowed'],
      [api.call('POST', '/extract', { key, body: '{"url": ', headers: { 'content-type': 'application/json' } }), 422, 'invalid_request'],
      [api.call('POST', '/extract', { key, body: 'url=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415, 'unsupported_media_type'],
      [api.call('POST', '/bulk', { key, body: JSON.stringify({ urls: ['https://example.com/' + 'x'.repeat(2_000_000)] }) }), 413, 'payload_too_large'],
    ];
    for (const [pending, status, code] of cases) {
      const res = await pending;
      expect(res.status, code).toBe(status);
      envelope(res.body);
      expect(res.body.error.code).toBe(code);
    }
    const nul = await api.call('POST', '/keys', { key, body: { scopes: ['extract'], deny_patterns: ['ok', 'a\u0000b'] } });
    expect(nul.body.error.message).toContain('deny_patterns.1');
    const wrongMethod = await api.call('DELETE', '/keys', { key });
    expect(wrongMethod.headers.get('allow')?.split(', ').sort()).toEqual(['GET', 'HEAD', 'POST']);
  });

  it('answers an unexpected failure (its database gone) with internal_error and no stack trace', async () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'pith-db-'));
    chmodSync(scratch, 0o755);
    const db = await startPostgres({ dataDir: path.join(scratch, 'pg'), port: await freePort(), database: 'gone', ephemeral: true, logFile: path.join(scratch, 'pg.log') });
    await migrateDeploy(db.url);
    const doomed = await startStack({ DATABASE_URL: db.url, RATE_LIMIT_DATABASE_URL: inject('databaseUrl') });
    try {
      const doomedApi = apiClient(doomed.baseUrl);
      const { api_key: key } = await doomedApi.register();
      await db.stop();
      const res = await doomedApi.get('/usage', key);
      expect(res.status).toBe(500);
      envelope(res.body);
      expect(res.body.error).toMatchObject({ code: 'internal_error', retry: true });
    } finally {
      await doomed.stop();
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});

describe('operator command (npm run admin)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => stack?.stop());

  it('changes an account’s plan and deactivates it', async () => {
    const api = apiClient(stack.baseUrl);
    const email = `ops-${Date.now()}@example.com`;
    const reg = await api.register(email);
    // Vitest sets BASE_URL=/ (Vite's base path) in its workers; an operator's shell would not.
    const { BASE_URL: _viteBase, ...inherited } = process.env;
    const env = { ...inherited, DATABASE_URL: inject('databaseUrl') };
    const plan = await run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'plan', email, 'growth'], { cwd: root, env });
    expect(JSON.parse(plan.stdout)).toMatchObject({ account_id: reg.account_id, plan: 'growth', active: true });
    expect((await api.get('/usage', reg.api_key)).body.plan).toBe('growth');
    await run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'deactivate', email], { cwd: root, env });
    expect((await api.get('/usage', reg.api_key)).body.error.code).toBe('account_inactive');
    await expect(run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'plan', email, 'platinum'], { cwd: root, env })).rejects.toThrow(/Plan must be one of/);
  });
});

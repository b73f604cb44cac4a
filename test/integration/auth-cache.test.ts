import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack.js';
import { apiClient } from '../support/api.js';
import { KEY_CACHE_TTL_MS, forgetCachedKeys, keyCache } from '../../src/accounts/api-keys.js';

let stack: Stack;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack.baseUrl);
});

afterAll(async () => {
  await stack?.stop();
});

/** A Growth account (100 req/s), so that polling never meets the per-second limit. */
async function growthAccount() {
  const reg = await api.register();
  await stack.db.account.update({ where: { id: reg.account_id }, data: { plan: 'growth' } });
  return reg;
}

/** Polls GET /usage until it stops answering 200; returns that answer and how long it took. */
async function untilRefused(key: string, since: number) {
  for (;;) {
    const res = await api.get('/usage', key);
    if (res.status !== 200 || Date.now() - since > KEY_CACHE_TTL_MS + 5_000) return { res, afterMs: Date.now() - since };
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('key cache: this instance', () => {
  it('revocation through the API stops a key that was just served from the cache, at once', async () => {
    const reg = await growthAccount();
    const child = (await api.post('/keys', { scopes: ['extract'] }, reg.api_key)).body as { id: string; api_key: string };
    expect((await api.get('/usage', child.api_key)).status).toBe(200);
    expect((await api.get('/usage', child.api_key)).status).toBe(200); // now from the cache
    expect((await api.call('DELETE', `/keys/${child.id}`, { key: reg.api_key })).status).toBe(200);
    const after = await api.get('/usage', child.api_key);
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('invalid_api_key');
  });

  it('rotation stops the cached old key at once', async () => {
    const reg = await growthAccount();
    for (let i = 0; i < 3; i++) expect((await api.get('/usage', reg.api_key)).status).toBe(200);
    const rotated = await api.post('/keys/rotate', undefined, reg.api_key);
    expect(rotated.status).toBe(200);
    expect((await api.get('/usage', reg.api_key)).body.error.code).toBe('invalid_api_key');
    expect((await api.get('/usage', rotated.body.api_key)).status).toBe(200);
  });

  it('still checks expiry on every request, cached or not', async () => {
    const reg = await growthAccount();
    const expiresAt = Date.now() + 600;
    const child = (await api.post('/keys', { scopes: ['extract'], expires_at: new Date(expiresAt).toISOString() }, reg.api_key)).body as { api_key: string };
    expect((await api.get('/usage', child.api_key)).status).toBe(200);
    // Keep the entry fresh in the cache right up to the expiry, then one request just after it.
    while (Date.now() < expiresAt - 50) await api.get('/usage', child.api_key);
    await new Promise((r) => setTimeout(r, Math.max(0, expiresAt - Date.now()) + 20));
    expect((await api.get('/usage', child.api_key)).body.error.code).toBe('invalid_api_key');
  });
});

describe('key cache: changes made elsewhere (another API instance, npm run admin, SQL)', () => {
  it(`a key revoked by another instance stops within KEY_CACHE_TTL_MS (${KEY_CACHE_TTL_MS} ms)`, async () => {
    const reg = await growthAccount();
    expect((await api.get('/usage', reg.api_key)).status).toBe(200);
    const since = Date.now();
    await stack.db.apiKey.update({ where: { id: reg.key_id }, data: { revokedAt: new Date() } });
    const { res, afterMs } = await untilRefused(reg.api_key, since);
    expect(res.body.error.code).toBe('invalid_api_key');
    expect(afterMs).toBeLessThanOrEqual(KEY_CACHE_TTL_MS + 250); // the bound plus one request's worth of slack
  });

  it('an account deactivated elsewhere is refused within the same bound', async () => {
    const reg = await growthAccount();
    expect((await api.get('/usage', reg.api_key)).status).toBe(200);
    const since = Date.now();
    await stack.db.account.update({ where: { id: reg.account_id }, data: { active: false } });
    const { res, afterMs } = await untilRefused(reg.api_key, since);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('account_inactive');
    expect(afterMs).toBeLessThanOrEqual(KEY_CACHE_TTL_MS + 250);
  });

  it('a plan changed elsewhere applies within the same bound', async () => {
    const reg = await growthAccount();
    expect((await api.get('/usage', reg.api_key)).body.plan).toBe('growth');
    await stack.db.account.update({ where: { id: reg.account_id }, data: { plan: 'pro' } });
    await new Promise((r) => setTimeout(r, KEY_CACHE_TTL_MS + 20));
    expect((await api.get('/usage', reg.api_key)).body.plan).toBe('pro');
  });
});

describe('key cache (unit)', () => {
  const owner = {};
  const row = (id: string, accountId = 'acct-1') => ({ id, accountId });

  it('serves an entry for KEY_CACHE_TTL_MS, to the database client that stored it only', () => {
    keyCache.set(owner, 'digest-a', row('key-a'), keyCache.epoch, 1_000);
    expect(keyCache.get(owner, 'digest-a', 1_000 + KEY_CACHE_TTL_MS - 1)).toEqual(row('key-a'));
    expect(keyCache.get({}, 'digest-a', 1_000)).toBeUndefined();
    expect(keyCache.get(owner, 'digest-a', 1_000 + KEY_CACHE_TTL_MS)).toBeUndefined();
  });

  it('does not store a lookup that overlapped an invalidation (it may have read the row before the revocation)', () => {
    const now = Date.now();
    const epoch = keyCache.epoch; // the lookup starts
    forgetCachedKeys({ keyId: 'key-b' }); // a revocation commits meanwhile
    keyCache.set(owner, 'digest-b', row('key-b'), epoch, now); // the lookup's (stale) answer arrives
    expect(keyCache.get(owner, 'digest-b', now)).toBeUndefined();
  });

  it('forgets by key and by account', () => {
    const now = Date.now();
    keyCache.set(owner, 'digest-c', row('key-c', 'acct-c'), keyCache.epoch, now);
    keyCache.set(owner, 'digest-d', row('key-d', 'acct-d'), keyCache.epoch, now);
    keyCache.set(owner, 'digest-e', row('key-e', 'acct-d'), keyCache.epoch, now);
    forgetCachedKeys({ keyId: 'key-c' });
    expect(keyCache.get(owner, 'digest-c', now)).toBeUndefined();
    expect(keyCache.get(owner, 'digest-d', now)).toBeDefined();
    forgetCachedKeys({ accountId: 'acct-d' });
    expect(keyCache.get(owner, 'digest-d', now)).toBeUndefined();
    expect(keyCache.get(owner, 'digest-e', now)).toBeUndefined();
  });
});

describe('request logs under concurrency (batched inserts)', () => {
  it('records every authenticated request', async () => {
    const reg = await growthAccount();
    const statuses = await Promise.all(Array.from({ length: 40 }, (_, i) => api.get(i % 2 ? '/usage' : '/keys', reg.api_key).then((r) => r.status)));
    expect(statuses.every((s) => s === 200)).toBe(true);
    await stack.deps.requestLog.flush();
    const rows = await stack.db.requestLog.findMany({ where: { accountId: reg.account_id } });
    expect(rows).toHaveLength(40); // registration itself carries no key, so it is not in the log
    expect(rows.filter((r) => r.endpoint === 'GET /usage')).toHaveLength(20);
    expect(rows.filter((r) => r.endpoint === 'GET /keys')).toHaveLength(20);
    expect(rows.every((r) => r.keyId === reg.key_id && r.status === 200 && r.latencyMs >= 0 && r.method === 'GET')).toBe(true);
  });
});

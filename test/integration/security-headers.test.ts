import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack.js';
import { apiClient } from '../support/api.js';
import { MAX_JSON_DEPTH } from '../../src/edge/middleware/body-guards.js';

let stack: Stack;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack.baseUrl);
});

afterAll(async () => {
  await stack?.stop();
});

const origin = { origin: 'https://host.example' };

describe('security headers', () => {
  it('sends a locked-down policy with every JSON answer, errors included', async () => {
    for (const path of ['/health', '/no-such-route']) {
      const res = await fetch(`${stack.baseUrl}${path}`);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('keeps the HTML pages on their own policy (the API reference loads its same-origin assets)', async () => {
    const res = await fetch(`${stack.baseUrl}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});

describe('CORS', () => {
  it('answers no cross-origin request on the REST API, preflight or not', async () => {
    const preflight = await fetch(`${stack.baseUrl}/extract`, { method: 'OPTIONS', headers: { ...origin, 'access-control-request-method': 'POST' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const plain = await fetch(`${stack.baseUrl}/pricing`, { headers: origin });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets browser-based MCP hosts reach the tool server, its metadata, registration and the token endpoint', async () => {
    const preflight = await fetch(`${stack.baseUrl}/mcp`, {
      method: 'OPTIONS',
      headers: { ...origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, mcp-protocol-version' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/oauth-protected-resource/mcp']) {
      const res = await fetch(`${stack.baseUrl}${path}`, { headers: origin });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
    }
    const unauthorized = await fetch(`${stack.baseUrl}/mcp`, { method: 'POST', headers: { ...origin, 'content-type': 'application/json' }, body: '{}' });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('www-authenticate');
  });
});

describe('hostile bodies', () => {
  it(`refuses JSON nested deeper than ${MAX_JSON_DEPTH} levels with 422 naming where`, async () => {
    const { api_key: key } = await api.register();
    let deep: unknown = 'x';
    for (let i = 0; i < MAX_JSON_DEPTH + 5; i++) deep = { a: deep };
    const res = await api.post('/extract', { url: 'https://example.com/', formats: ['markdown'], extra: deep }, key);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'invalid_request' });
    expect(res.body.error.message).toMatch(/^extra\.a\.a.*nested deeper than 32 levels/);
  });

  it('survives a body nested hundreds of thousands of levels deep within the size limit', async () => {
    const { api_key: key } = await api.register();
    const depth = 400_000;
    const body = `{"url":"https://example.com/","x":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const res = await api.call('POST', '/extract', { key, body });
    expect([413, 422]).toContain(res.status);
    expect(res.body.error.code).toMatch(/invalid_request|payload_too_large/);
    expect((await api.get('/health')).status).toBe(200);
  });

  it('never writes a raw key into the request log', async () => {
    const { api_key: key, account_id: accountId } = await api.register();
    await api.get('/usage', key);
    await api.get(`/usage?probe=${key}&token=secret-value&q=kept`, key);
    await stack.deps.requestLog.flush();
    const rows = await stack.db.requestLog.findMany({ where: { accountId } });
    expect(rows.length).toBeGreaterThan(0);
    const logged = JSON.stringify(rows, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
    expect(logged).not.toContain(key);
    expect(logged).not.toContain('secret-value');
    expect(logged).toContain('/usage?probe=ce_[redacted]&token=[redacted]&q=kept');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oauth from 'oauth4webapi';
import { startStack, type Stack } from '../support/stack.js';
import { apiClient, pollUntil } from '../support/api.js';
import { articlePage, startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { approveConsent } from '../support/oauth-consent.js';
import { freePort } from '../../scripts/lib/ports.js';
import { hashApiKey } from '../../src/accounts/api-keys.js';

/**
 * Decisions, second round: an OAuth access token is an ordinary scoped key. With its scopes (`extract`,
 * `bulk`, `crawl`, never `keys`) and its one-hour expiry it authenticates on the REST API as on the
 * tool server; a route it lacks the scope for answers 403 `insufficient_scope`.
 */

const REDIRECT_URI = 'http://127.0.0.1:9/callback';
const insecure = { [oauth.allowInsecureRequests]: true } as const;

let stack: Stack;
let site: FixtureServer;
let api: ReturnType<typeof apiClient>;
let as: oauth.AuthorizationServer;

beforeAll(async () => {
  const paragraphs = Array.from({ length: 8 }, (_, i) => `Paragraph ${i}: tokens issued to tool hosts are keys like any other, with their scopes and expiry.`);
  site = await startFixtureServer({
    '/a': { body: articlePage('Token page A', paragraphs) },
    '/b': { body: articlePage('Token page B', paragraphs) },
  });
  const port = await freePort();
  stack = await startStack({ PORT: String(port), BASE_URL: `http://127.0.0.1:${port}` });
  api = apiClient(stack.baseUrl);
  const issuer = new URL(stack.baseUrl);
  as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
});

afterAll(async () => {
  await stack?.stop();
  await site?.close();
});

/** The whole host flow (register, consent with `apiKey`, code exchange with PKCE): the token response. */
async function accessToken(apiKey: string, scope?: string): Promise<oauth.TokenEndpointResponse> {
  const client = await oauth.processDynamicClientRegistrationResponse(
    await oauth.dynamicClientRegistrationRequest(
      as,
      { client_name: 'REST host', redirect_uris: [REDIRECT_URI], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' },
      insecure,
    ),
  );
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  for (const [name, value] of Object.entries({
    client_id: client.client_id,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    state,
    resource: stack.cfg.MCP_URL,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...(scope ? { scope } : {}),
  })) url.searchParams.set(name, value);
  const params = oauth.validateAuthResponse(as, client, await approveConsent(url, apiKey), state);
  const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT_URI, verifier, { additionalParameters: { resource: stack.cfg.MCP_URL }, ...insecure });
  return oauth.processAuthorizationCodeResponse(as, client, response);
}

describe('an OAuth access token on the REST API', () => {
  it('extracts, submits and reads bulk and crawl jobs within its scopes', async () => {
    const account = await api.register();
    await stack.db.account.update({ where: { id: account.account_id }, data: { plan: 'pro' } });
    const token = (await accessToken(account.api_key)).access_token;

    const extracted = await api.post('/extract', { url: site.url('/a'), formats: ['markdown', 'metadata'] }, token);
    expect(extracted.status, JSON.stringify(extracted.body)).toBe(200);
    expect(extracted.body.metadata.title).toBe('Token page A');

    const bulk = await api.post('/bulk', { urls: [site.url('/a'), site.url('/b')] }, token);
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(bulk.body).toMatchObject({ kind: 'bulk', total: 2 });
    const [done] = (await pollUntil(() => api.get(`/bulk/${bulk.body.job_id}`, token), (r) => r.body.status === 'done', 60_000, 200)).slice(-1);
    expect(done!.status).toBe(200);
    expect(done!.body.results.map((r: { url: string; markdown?: string }) => [r.url, typeof r.markdown])).toEqual([
      [site.url('/a'), 'string'],
      [site.url('/b'), 'string'],
    ]);

    const crawl = await api.post('/crawl', { url: site.url('/a'), depth: 0, limit: 1 }, token);
    expect(crawl.status, JSON.stringify(crawl.body)).toBe(200);
    const read = await api.get(`/crawl/${crawl.body.job_id}`, token);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ job_id: crawl.body.job_id, kind: 'crawl' });

    // Routes that need only a valid key take it too; the calls above were metered to the account.
    const usage = await api.get('/usage', token);
    expect(usage.status).toBe(200);
    expect(usage.body.by_endpoint).toMatchObject({ 'POST /extract': 1, 'POST /bulk': 2, 'POST /crawl': 1 });
  });

  it('answers 403 insufficient_scope on the key routes (a token never holds keys) and outside its granted scopes', async () => {
    const account = await api.register();
    const token = (await accessToken(account.api_key, 'extract')).access_token;
    const keyRoutes: [string, string, unknown][] = [
      ['POST', '/keys', { scopes: ['extract'] }],
      ['GET', '/keys', undefined],
      ['POST', '/keys/rotate', undefined],
      ['DELETE', `/keys/${account.key_id}`, undefined],
      ['POST', '/webhook/rotate', undefined],
    ];
    for (const [method, path, body] of keyRoutes) {
      const res = await api.call(method, path, { key: token, body });
      expect({ route: `${method} ${path}`, status: res.status, code: res.body.error?.code }).toEqual({ route: `${method} ${path}`, status: 403, code: 'insufficient_scope' });
      expect(res.body.error).toMatchObject({ retry: false });
      expect(res.body.error.upgrade_url).toBeUndefined();
    }
    // Granted `extract` only: bulk is out of its scope.
    const bulk = await api.post('/bulk', { urls: [site.url('/a')] }, token);
    expect(bulk.status).toBe(403);
    expect(bulk.body.error.code).toBe('insufficient_scope');
    expect((await api.post('/extract', { url: site.url('/b'), formats: ['markdown'] }, token)).status).toBe(200);
    // The account's own key still works and was not rotated or revoked by the attempts.
    expect((await api.get('/keys', account.api_key)).status).toBe(200);
  });

  it('expires after one hour: an expired token is 401 invalid_api_key on the REST API', async () => {
    const account = await api.register();
    const tokens = await accessToken(account.api_key);
    expect(tokens.expires_in).toBeLessThanOrEqual(3600);
    const row = await stack.db.apiKey.findUniqueOrThrow({ where: { keyHash: hashApiKey(tokens.access_token) } });
    expect(row.expiresAt!.getTime() - Date.now()).toBeLessThanOrEqual(3600_000);
    expect((await api.get('/usage', tokens.access_token)).status).toBe(200);

    await stack.db.apiKey.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await api.post('/extract', { url: site.url('/a') }, tokens.access_token);
    expect(expired.status).toBe(401);
    expect(expired.body.error).toMatchObject({ code: 'invalid_api_key', retry: false });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oauth from 'oauth4webapi';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startStack, type Stack } from '../support/stack.js';
import { apiClient } from '../support/api.js';
import { articlePage, startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { approveConsent, submitConsent } from '../support/oauth-consent.js';
import { freePort } from '../../scripts/lib/ports.js';
import { hashApiKey } from '../../src/accounts/api-keys.js';

/**
 * The authorization server checked with a second, independent OAuth client (oauth4webapi, strict about
 * RFC 8414 issuer, RFC 9207 `iss` and response shapes), and the refusals an attacker or a broken host
 * meets: wrong PKCE verifier, reused code, reused refresh token, the `keys` scope, another resource,
 * expired tokens, tokens bound to another resource. This stack runs with the default token lifetime (1 hour).
 */

const REDIRECT_URI = 'http://127.0.0.1:9/callback';
const insecure = { [oauth.allowInsecureRequests]: true } as const;

let stack: Stack;
let site: FixtureServer;
let api: ReturnType<typeof apiClient>;
let mcpUrl: string;
let as: oauth.AuthorizationServer;

beforeAll(async () => {
  site = await startFixtureServer({ '/private/page': { body: articlePage('Private', ['A page the key policy denies, with enough words to be an article.']) } });
  const port = await freePort();
  stack = await startStack({ PORT: String(port), BASE_URL: `http://127.0.0.1:${port}` });
  api = apiClient(stack.baseUrl);
  mcpUrl = stack.cfg.MCP_URL;
  const issuer = new URL(stack.baseUrl);
  as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
});

afterAll(async () => {
  await stack?.stop();
  await site?.close();
});

async function registerClient(name = 'oauth4webapi host'): Promise<oauth.Client> {
  const response = await oauth.dynamicClientRegistrationRequest(
    as,
    { client_name: name, redirect_uris: [REDIRECT_URI], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' },
    insecure,
  );
  return oauth.processDynamicClientRegistrationResponse(response);
}

interface AuthorizationOptions {
  scope?: string;
  resource?: string;
  challenge?: string | null;
  method?: string;
}

async function authorizationUrl(client: oauth.Client, options: AuthorizationOptions = {}) {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.searchParams.set('client_id', client.client_id);
  url.searchParams.set('redirect_uri', REDIRECT_URI);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('state', state);
  url.searchParams.set('resource', options.resource ?? mcpUrl);
  if (options.scope !== undefined) url.searchParams.set('scope', options.scope);
  const challenge = options.challenge === undefined ? await oauth.calculatePKCECodeChallenge(verifier) : options.challenge;
  if (challenge !== null) {
    url.searchParams.set('code_challenge', challenge);
    url.searchParams.set('code_challenge_method', options.method ?? 'S256');
  }
  return { url, verifier, state };
}

/** Authorization with consent approved by `apiKey`: the validated callback parameters and the PKCE verifier. */
async function authorize(client: oauth.Client, apiKey: string, options: AuthorizationOptions = {}) {
  const { url, verifier, state } = await authorizationUrl(client, options);
  const callback = await approveConsent(url, apiKey);
  return { params: oauth.validateAuthResponse(as, client, callback, state), verifier };
}

const exchange = (client: oauth.Client, params: URLSearchParams, verifier: string, resource = mcpUrl) =>
  oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT_URI, verifier, { additionalParameters: { resource }, ...insecure });

const refresh = (client: oauth.Client, refreshToken: string) => oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshToken, { additionalParameters: { resource: mcpUrl }, ...insecure });

/** The OAuth error of a token response, or 'ok'. */
async function tokenError(process: () => Promise<unknown>): Promise<string> {
  try {
    await process();
    return 'ok';
  } catch (err) {
    if (err instanceof oauth.ResponseBodyError) return err.error;
    throw err;
  }
}

async function tokensFor(apiKey: string, options: AuthorizationOptions = {}) {
  const client = await registerClient();
  const { params, verifier } = await authorize(client, apiKey, options);
  const tokens = await oauth.processAuthorizationCodeResponse(as, client, await exchange(client, params, verifier));
  return { client, tokens };
}

/** What the MCP server answers a raw, minimal request made with `token` (the status and the challenge). */
async function mcpStatus(token: string | null, url = mcpUrl) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }),
  });
  return { status: response.status, challenge: response.headers.get('www-authenticate'), body: (await response.json()) as any };
}

/** An MCP client session with a bearer token set by hand (no OAuth provider). */
async function toolClient(token: string) {
  const client = new Client({ name: 'raw-token-host', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return client;
}

describe('metadata', () => {
  it('publishes RFC 8414 authorization server metadata that a strict client accepts', async () => {
    expect(as).toMatchObject({
      issuer: stack.baseUrl,
      authorization_endpoint: `${stack.baseUrl}/oauth/authorize`,
      token_endpoint: `${stack.baseUrl}/oauth/token`,
      registration_endpoint: `${stack.baseUrl}/oauth/register`,
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      scopes_supported: ['extract', 'bulk', 'crawl'],
      token_endpoint_auth_methods_supported: ['none'],
    });
  });

  it('publishes RFC 9728 protected-resource metadata under the MCP path and at the root with path insertion', async () => {
    for (const url of [`${mcpUrl}/.well-known/oauth-protected-resource`, `${stack.baseUrl}/.well-known/oauth-protected-resource/mcp`]) {
      const response = await fetch(url);
      expect({ url, status: response.status }).toEqual({ url, status: 200 });
      expect(await response.json()).toMatchObject({ resource: mcpUrl, authorization_servers: [stack.baseUrl], scopes_supported: ['extract', 'bulk', 'crawl'] });
    }
    expect(mcpUrl).toBe(`${stack.baseUrl}/mcp`);
  });
});

describe('the MCP endpoint without a valid token', () => {
  it('answers 401 with a WWW-Authenticate challenge naming the resource metadata, at the root and at the /mcp alias', async () => {
    for (const url of [mcpUrl, `${mcpUrl}/`, `${mcpUrl}/mcp`]) {
      const answer = await mcpStatus(null, url);
      expect({ url, status: answer.status }).toEqual({ url, status: 401 });
      expect(answer.challenge).toBe(`Bearer resource_metadata="${mcpUrl}/.well-known/oauth-protected-resource"`);
      expect(answer.body.error.code).toBe('missing_api_key');
    }
    const unknown = await mcpStatus(`ce_${'0'.repeat(40)}`);
    expect(unknown.status).toBe(401);
    expect(unknown.challenge).toMatch(/^Bearer error="invalid_token", error_description="[^"]+", resource_metadata="/);
  });

  it('has nothing to stream or end without sessions: GET and DELETE are 405', async () => {
    expect((await fetch(mcpUrl)).status).toBe(405);
    expect((await fetch(mcpUrl, { method: 'DELETE' })).status).toBe(405);
  });
});

describe('authorization code flow with oauth4webapi', () => {
  it('registers, authorizes, exchanges the code for a one-hour Pith key bound to the MCP server, and refreshes with rotation', async () => {
    const account = await api.register();
    const client = await registerClient('Strict host');
    expect(client).toMatchObject({ client_name: 'Strict host', redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none' });
    expect(client.client_secret).toBeUndefined();

    const { params, verifier } = await authorize(client, account.api_key);
    const started = Date.now();
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, await exchange(client, params, verifier));
    expect(tokens.access_token).toMatch(/^ce_[0-9a-f]{40}$/);
    expect(tokens.token_type).toBe('bearer');
    // The contract's lifetime of a tool-server access token, by default: one hour.
    expect(stack.cfg.OAUTH_ACCESS_TOKEN_TTL_SECONDS).toBe(3600);
    expect(tokens.expires_in).toBeGreaterThanOrEqual(3599);
    expect(tokens.expires_in).toBeLessThanOrEqual(3600);
    const key = await stack.db.apiKey.findUniqueOrThrow({ where: { keyHash: hashApiKey(tokens.access_token) } });
    expect(Math.abs(key.expiresAt!.getTime() - (started + 3600_000))).toBeLessThan(10_000);
    expect(key).toMatchObject({ accountId: account.account_id, resource: mcpUrl, scopes: ['extract', 'bulk', 'crawl'] });
    expect(tokens.scope).toBe('extract bulk crawl');

    // Accepted by the MCP server, and by the REST API as an ordinary scoped key (decisions, second round).
    expect((await mcpStatus(tokens.access_token)).status).toBe(200);
    expect((await api.get('/usage', tokens.access_token)).status).toBe(200);

    const renewed = await oauth.processRefreshTokenResponse(as, client, await refresh(client, tokens.refresh_token!));
    expect(renewed.access_token).toMatch(/^ce_[0-9a-f]{40}$/);
    expect(renewed.access_token).not.toBe(tokens.access_token);
    expect(renewed.refresh_token).toBeDefined();
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);
    expect(renewed.scope).toBe('extract bulk crawl');
    expect((await mcpStatus(renewed.access_token)).status).toBe(200);
  });

  it('issues only the scopes asked for, and a narrower set on refresh, never a wider one', async () => {
    const account = await api.register();
    const { client, tokens } = await tokensFor(account.api_key, { scope: 'extract bulk' });
    expect(tokens.scope).toBe('extract bulk');
    const narrower = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, { additionalParameters: { scope: 'extract' }, ...insecure }),
    );
    expect(narrower.scope).toBe('extract');
    const wider = await tokenError(async () =>
      oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), narrower.refresh_token!, { additionalParameters: { scope: 'extract crawl' }, ...insecure })),
    );
    expect(wider).toBe('invalid_scope');
  });
});

describe('refusals', () => {
  it('refuses a wrong PKCE verifier, and the code is spent by the attempt', async () => {
    const account = await api.register();
    const client = await registerClient();
    const { params, verifier } = await authorize(client, account.api_key);
    const wrong = oauth.generateRandomCodeVerifier();
    expect(await tokenError(async () => oauth.processAuthorizationCodeResponse(as, client, await exchange(client, params, wrong)))).toBe('invalid_grant');
    expect(await tokenError(async () => oauth.processAuthorizationCodeResponse(as, client, await exchange(client, params, verifier)))).toBe('invalid_grant');
  });

  it('refuses a reused code and revokes the tokens issued from it', async () => {
    const account = await api.register();
    const client = await registerClient();
    const { params, verifier } = await authorize(client, account.api_key);
    const first = await oauth.processAuthorizationCodeResponse(as, client, await exchange(client, params, verifier));
    expect((await mcpStatus(first.access_token)).status).toBe(200);

    expect(await tokenError(async () => oauth.processAuthorizationCodeResponse(as, client, await exchange(client, params, verifier)))).toBe('invalid_grant');
    expect((await mcpStatus(first.access_token)).status).toBe(401);
    expect(await tokenError(async () => oauth.processRefreshTokenResponse(as, client, await refresh(client, first.refresh_token!)))).toBe('invalid_grant');
    expect(await stack.db.oAuthGrant.findFirstOrThrow({ where: { accountId: account.account_id } })).toMatchObject({ revokedReason: 'code_reuse' });
  });

  it('revokes the whole grant when an old refresh token is used again', async () => {
    const account = await api.register();
    const { client, tokens: first } = await tokensFor(account.api_key);
    const second = await oauth.processRefreshTokenResponse(as, client, await refresh(client, first.refresh_token!));
    expect((await mcpStatus(second.access_token)).status).toBe(200);

    // The rotated-out token comes back (a stolen copy, or a confused host): refused, and everything goes.
    expect(await tokenError(async () => oauth.processRefreshTokenResponse(as, client, await refresh(client, first.refresh_token!)))).toBe('invalid_grant');
    expect(await tokenError(async () => oauth.processRefreshTokenResponse(as, client, await refresh(client, second.refresh_token!)))).toBe('invalid_grant');
    expect((await mcpStatus(first.access_token)).status).toBe(401);
    expect((await mcpStatus(second.access_token)).status).toBe(401);
    const grant = await stack.db.oAuthGrant.findFirstOrThrow({ where: { accountId: account.account_id }, include: { apiKeys: true } });
    expect(grant).toMatchObject({ revokedReason: 'refresh_token_reuse' });
    expect(grant.apiKeys).toHaveLength(2);
    expect(grant.apiKeys.every((k) => k.revokedAt !== null)).toBe(true);
    // The account's own key is untouched.
    expect((await api.get('/usage', account.api_key)).status).toBe(200);
  });

  it('lets the account holder disconnect a host: DELETE /keys/{id} on its access token revokes the grant', async () => {
    const account = await api.register();
    const { client, tokens } = await tokensFor(account.api_key);
    const listed = await api.get('/keys', account.api_key);
    const tokenKey = listed.body.data.find((k: { name: string | null }) => k.name === 'OAuth: oauth4webapi host');
    expect(tokenKey).toMatchObject({ scopes: ['extract', 'bulk', 'crawl'] });
    expect((await api.call('DELETE', `/keys/${tokenKey.id}`, { key: account.api_key })).status).toBe(200);
    expect((await mcpStatus(tokens.access_token)).status).toBe(401);
    expect(await tokenError(async () => oauth.processRefreshTokenResponse(as, client, await refresh(client, tokens.refresh_token!)))).toBe('invalid_grant');
  });

  it('never grants the keys scope (or *): the request goes back with invalid_scope and no consent page', async () => {
    const client = await registerClient();
    for (const scope of ['extract keys', '*', 'search']) {
      const { url, state } = await authorizationUrl(client, { scope });
      const response = await fetch(url, { redirect: 'manual' });
      expect({ scope, status: response.status }).toEqual({ scope, status: 302 });
      const callback = new URL(response.headers.get('location')!);
      expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
      expect(() => oauth.validateAuthResponse(as, client, callback, state)).toThrow(oauth.AuthorizationResponseError);
      expect(callback.searchParams.get('error')).toBe('invalid_scope');
    }
  });

  it('issues tokens for the MCP server only: another resource is invalid_target, and a key bound elsewhere is refused', async () => {
    const account = await api.register();
    const client = await registerClient();
    const { url } = await authorizationUrl(client, { resource: 'https://other.example/mcp' });
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location')!).searchParams.get('error')).toBe('invalid_target');

    const { params, verifier } = await authorize(client, account.api_key);
    expect(await tokenError(async () => oauth.processAuthorizationCodeResponse(as, client, await exchange(client, params, verifier, 'https://other.example/mcp')))).toBe('invalid_target');

    // A token whose audience is another resource (say, MCP_URL changed since it was issued) does not work here.
    const { tokens } = await tokensFor(account.api_key);
    await stack.db.apiKey.update({ where: { keyHash: hashApiKey(tokens.access_token) }, data: { resource: 'https://other.example/mcp' } });
    const answer = await mcpStatus(tokens.access_token);
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('invalid_api_key');
    const rest = await api.get('/usage', tokens.access_token);
    expect(rest.status).toBe(401);
    expect(rest.body.error.code).toBe('invalid_api_key');
  });

  it('answers an expired token with 401 invalid_token, which sends the host to refresh', async () => {
    const account = await api.register();
    const { tokens } = await tokensFor(account.api_key);
    expect((await mcpStatus(tokens.access_token)).status).toBe(200);
    await stack.db.apiKey.update({ where: { keyHash: hashApiKey(tokens.access_token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const answer = await mcpStatus(tokens.access_token);
    expect(answer.status).toBe(401);
    expect(answer.challenge).toContain('error="invalid_token"');
    expect(answer.challenge).toContain(`resource_metadata="${mcpUrl}/.well-known/oauth-protected-resource"`);
  });

  it('requires PKCE with S256 and a registered redirect URI', async () => {
    const client = await registerClient();
    for (const options of [{ challenge: null }, { method: 'plain' }] as AuthorizationOptions[]) {
      const { url } = await authorizationUrl(client, options);
      const response = await fetch(url, { redirect: 'manual' });
      expect(response.status).toBe(302);
      const callback = new URL(response.headers.get('location')!);
      expect(callback.searchParams.get('error')).toBe('invalid_request');
      expect(callback.searchParams.get('error_description')).toMatch(/code_challenge/);
    }
    // An unregistered redirect URI or an unknown client is never redirected to: the error is shown.
    const { url } = await authorizationUrl(client);
    url.searchParams.set('redirect_uri', 'https://attacker.example/callback');
    const stray = await fetch(url, { redirect: 'manual' });
    expect(stray.status).toBe(400);
    expect(stray.headers.get('location')).toBeNull();
    url.searchParams.set('client_id', 'pith_client_unknown');
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(400);
  });

  it('refuses to register redirect URIs that are not https (or loopback http) and unsupported grants', async () => {
    const register = (body: object) => fetch(as.registration_endpoint!, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    for (const uri of ['http://evil.example/cb', 'javascript:alert(1)', 'https://example.com/cb#frag', 'not a uri']) {
      const response = await register({ redirect_uris: [uri] });
      expect({ uri, status: response.status }).toEqual({ uri, status: 400 });
      expect(((await response.json()) as { error: string }).error).toBe('invalid_redirect_uri');
    }
    const implicit = await register({ redirect_uris: [REDIRECT_URI], grant_types: ['implicit'] });
    expect(implicit.status).toBe(400);
    expect(((await implicit.json()) as { error: string }).error).toBe('invalid_client_metadata');
  });
});

describe('the consent page', () => {
  it("shows the client's name and the scopes, and a denial goes back with access_denied", async () => {
    const account = await api.register();
    const client = await registerClient('Helpful <Agent>');
    const { url, state } = await authorizationUrl(client, { scope: 'extract crawl' });
    const { page, answer } = await submitConsent(url, account.api_key, 'deny');
    expect(page.status).toBe(200);
    expect(page.html).toContain('Helpful &lt;Agent&gt;');
    expect(page.html).not.toContain('Helpful <Agent>');
    const listed = page.html.match(/<ul id="scopes">([\s\S]*?)<\/ul>/)![1]!;
    expect([...listed.matchAll(/<code>(\w+)<\/code>/g)].map((m) => m[1])).toEqual(['extract', 'crawl']);
    expect(answer!.status).toBe(302);
    const callback = new URL(answer!.location!);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(state);
    expect(await stack.db.oAuthGrant.count({ where: { clientId: client.client_id } })).toBe(0);
  });

  it('accepts only a valid key of the account that may manage keys, and grants no more than it holds', async () => {
    const account = await api.register();
    const client = await registerClient();
    const { url } = await authorizationUrl(client);
    const minted = await api.post('/keys', { scopes: ['extract', 'bulk', 'crawl'] }, account.api_key);
    expect(minted.status).toBe(201);
    const cases: [string, number, RegExp][] = [
      ['', 401, /Enter your Pith API key/],
      [`ce_${'1'.repeat(40)}`, 401, /Unknown, revoked or expired/],
      [minted.body.api_key, 403, /keys scope/],
    ];
    for (const [key, status, message] of cases) {
      const { answer } = await submitConsent(url, key, 'approve');
      expect({ key, status: answer!.status, location: answer!.location }).toEqual({ key, status, location: null });
      expect(answer!.html).toMatch(message);
    }
    const managing = await api.post('/keys', { scopes: ['keys', 'extract'] }, account.api_key);
    const { answer } = await submitConsent(url, managing.body.api_key, 'approve');
    expect(answer!.status).toBe(403);
    expect(answer!.html).toMatch(/does not hold bulk, crawl/);
    expect(await stack.db.oAuthGrant.count({ where: { clientId: client.client_id } })).toBe(0);
  });

  it('is never framed, cached or scripted', async () => {
    const client = await registerClient();
    const { url } = await authorizationUrl(client);
    const response = await fetch(url);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await response.text()).not.toContain('<script');
  });
});

describe('tool calls carry the REST checks and the error envelope', () => {
  it('refuses a tool outside the granted scopes with insufficient_scope, as a tool error', async () => {
    const account = await api.register();
    const { tokens } = await tokensFor(account.api_key, { scope: 'extract' });
    const client = await toolClient(tokens.access_token);
    const result = (await client.callTool({ name: 'bulk', arguments: { urls: ['https://example.com/a'] } })) as any;
    expect(result.isError).toBe(true);
    expect(result.structuredContent.error).toMatchObject({ code: 'insufficient_scope', retry: false });
    expect(JSON.parse(result.content[0].text)).toEqual(result.structuredContent);
    await client.close();
  });

  it('applies the plan caps and the approving key policy, and meters nothing refused', async () => {
    const account = await api.register();
    const restricted = await api.post('/keys', { scopes: ['*'], deny_patterns: ['*/private/*'] }, account.api_key);
    const { tokens } = await tokensFor(restricted.body.api_key);
    const client = await toolClient(tokens.access_token);
    const denied = (await client.callTool({ name: 'extract', arguments: { url: site.url('/private/page') } })) as any;
    expect(denied.isError).toBe(true);
    expect(denied.structuredContent.error.code).toBe('domain_denied');
    const urls = Array.from({ length: 11 }, (_, i) => `https://example.com/${i}`);
    const tooMany = (await client.callTool({ name: 'bulk', arguments: { urls } })) as any;
    expect(tooMany.structuredContent.error).toMatchObject({ code: 'bulk_cap_exceeded', upgrade_url: expect.stringMatching(/\/pricing$/) });
    const crawl = (await client.callTool({ name: 'crawl', arguments: { url: 'https://example.com/' } })) as any;
    expect(crawl.structuredContent.error.code).toBe('plan_not_supported');
    const unknownJob = (await client.callTool({ name: 'get_job', arguments: { job_id: 'nope' } })) as any;
    expect(unknownJob.structuredContent.error.code).toBe('job_not_found');
    const invalid = (await client.callTool({ name: 'extract', arguments: { url: 'ftp://example.com/x' } })) as any;
    expect(invalid.isError).toBe(true);
    // Four counted calls in well under a second on a Free account (5 per second): wait out the window.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const usage = (await client.callTool({ name: 'get_usage', arguments: {} })) as any;
    // Of the tool calls only the job read is metered (as GET /jobs/{job_id} is, before it looks the job up);
    // refusals are not. The other request is the POST /keys above.
    expect(usage.structuredContent).toMatchObject({ plan: 'free', used_requests: 2 });
    expect(usage.structuredContent.by_endpoint).toEqual({ 'POST /keys': 1, 'GET /jobs/{job_id}': 1 });
    await client.close();
  });
});

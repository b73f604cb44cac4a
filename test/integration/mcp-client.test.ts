import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { startStack, type Stack } from '../support/stack.js';
import { apiClient } from '../support/api.js';
import { articlePage, startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { approveConsent } from '../support/oauth-consent.js';
import { freePort } from '../../scripts/lib/ports.js';
import { hashApiKey } from '../../src/accounts/api-keys.js';

/**
 * The hosted tool server proven with the official MCP SDK client: its Streamable HTTP transport and its
 * OAuth flow (protected-resource discovery, dynamic registration, PKCE, token exchange, refresh), against
 * the real API on loopback. The consent page is approved over HTTP with the account's own key.
 */

/** Short enough to watch a token expire and the client refresh it within the test. */
const ACCESS_TOKEN_TTL_SECONDS = 3;

const paragraphs = (topic: string) => Array.from({ length: 4 }, (_, i) => `${topic} paragraph ${i + 1}: extraction keeps the main content of a page and leaves navigation, footers and other boilerplate behind.`);

let stack: Stack;
let site: FixtureServer;
let api: ReturnType<typeof apiClient>;
let mcpUrl: string;

beforeAll(async () => {
  site = await startFixtureServer({
    '/one': { body: articlePage('First article', paragraphs('First')) },
    '/two': { body: articlePage('Second article', paragraphs('Second')) },
    '/three': { body: articlePage('Third article', paragraphs('Third')) },
  });
  // The SDK follows the URLs the server publishes, so BASE_URL and MCP_URL must be the real address.
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  stack = await startStack({ PORT: String(port), BASE_URL: baseUrl, OAUTH_ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS) });
  api = apiClient(stack.baseUrl);
  mcpUrl = stack.cfg.MCP_URL;
});

afterAll(async () => {
  await stack?.stop();
  await site?.close();
});

/** An MCP host's OAuth state, kept in memory; authorization is delegated to `authorize` (the browser's part). */
class InMemoryHostAuth implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens[] = [];
  authorizationCode: string | undefined;
  authorizationUrls: URL[] = [];
  private verifier = '';

  constructor(private readonly authorize: (url: URL) => Promise<URL>) {}

  get redirectUrl() {
    return 'http://127.0.0.1:9/oauth/callback';
  }
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'Vitest MCP host', redirect_uris: [this.redirectUrl], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved.at(-1);
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved.push(tokens);
  }
  async redirectToAuthorization(url: URL) {
    this.authorizationUrls.push(url);
    const back = await this.authorize(url);
    this.authorizationCode = back.searchParams.get('code') ?? undefined;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

const connect = async (auth: InMemoryHostAuth) => {
  const client = new Client({ name: 'vitest-host', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: auth }));
  return client;
};

type ToolAnswer = { isError?: boolean; content: { type: string; text: string }[]; structuredContent?: any };

describe('an MCP host with the official SDK client', () => {
  it('discovers, registers, authorizes with PKCE, lists the tools, extracts, maps, runs a bulk job and refreshes an expired token', async () => {
    const account = await api.register();
    const auth = new InMemoryHostAuth((url) => approveConsent(url, account.api_key));

    // First contact: 401 → the SDK discovers the metadata, registers, and sends the user to /oauth/authorize.
    const firstTransport = new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: auth });
    await expect(new Client({ name: 'vitest-host', version: '1.0.0' }).connect(firstTransport)).rejects.toThrow(UnauthorizedError);
    expect(auth.client?.client_id).toMatch(/^pith_client_/);
    const authorizationUrl = auth.authorizationUrls[0]!;
    expect(`${authorizationUrl.origin}${authorizationUrl.pathname}`).toBe(`${stack.baseUrl}/oauth/authorize`);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('resource')).toBe(mcpUrl);
    expect(auth.authorizationCode).toBeTruthy();

    await firstTransport.finishAuth(auth.authorizationCode!);
    const issued = auth.tokens()!;
    expect(issued.access_token).toMatch(/^ce_[0-9a-f]{40}$/);
    expect(issued.token_type).toBe('Bearer');
    expect(issued.scope).toBe('extract bulk crawl');
    expect(issued.expires_in).toBeLessThanOrEqual(ACCESS_TOKEN_TTL_SECONDS);
    expect(issued.refresh_token).toMatch(/^rt_/);

    // The access token is an ordinary Pith key of this account, bound to the MCP server.
    const key = await stack.db.apiKey.findUniqueOrThrow({ where: { keyHash: hashApiKey(issued.access_token) } });
    expect(key).toMatchObject({ accountId: account.account_id, scopes: ['extract', 'bulk', 'crawl'], resource: mcpUrl });
    expect(key.expiresAt!.getTime() - Date.now()).toBeLessThanOrEqual(ACCESS_TOKEN_TTL_SECONDS * 1000);

    const client = await connect(auth);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['bulk', 'crawl', 'extract', 'get_job', 'get_usage', 'list_jobs', 'map', 'wait_for_job']);
    const extractTool = tools.find((tool) => tool.name === 'extract')!;
    expect(extractTool.inputSchema.required).toEqual(['url']);
    expect(Object.keys(extractTool.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['url', 'formats', 'chunk_tokens', 'render_js', 'allow_domains', 'actions', 'wait_for', 'headers', 'viewport', 'mobile', 'screenshot_inline', 'include_tags']));
    // The crawl tool takes POST /crawl's body, its sitemap seeding included.
    const crawlTool = tools.find((tool) => tool.name === 'crawl')!;
    expect(crawlTool.inputSchema.properties?.sitemap).toMatchObject({ enum: ['include', 'only', 'skip'], default: 'skip' });

    const extracted = (await client.callTool({ name: 'extract', arguments: { url: site.url('/one'), formats: ['markdown', 'metadata'] } })) as ToolAnswer;
    expect(extracted.isError, JSON.stringify(extracted)).toBeFalsy();
    expect(JSON.parse(extracted.content[0]!.text)).toEqual(extracted.structuredContent);
    expect(extracted.structuredContent.markdown).toContain('First paragraph 1');
    expect(extracted.structuredContent.metadata.title).toBe('First article');

    // The browser options of POST /extract, on a plan with rendering: an inlined screenshot is also an image for the host.
    await stack.db.account.update({ where: { id: account.account_id }, data: { plan: 'pro' } });
    const shot = (await client.callTool({ name: 'extract', arguments: { url: site.url('/one'), formats: ['markdown', 'screenshot'], screenshot_inline: true, actions: [{ type: 'scroll', direction: 'down' }] } })) as ToolAnswer & { content: { type: string; data?: string; mimeType?: string }[] };
    expect(shot.isError, JSON.stringify(shot).slice(0, 500)).toBeFalsy();
    expect(shot.content[1]).toMatchObject({ type: 'image', mimeType: 'image/png', data: shot.structuredContent.screenshot.data });
    const failed = (await client.callTool({ name: 'extract', arguments: { url: site.url('/one'), actions: [{ type: 'click', selector: '#absent', timeout_ms: 200 }] } })) as ToolAnswer;
    expect(failed.isError).toBe(true);
    expect(failed.structuredContent.error).toMatchObject({ code: 'action_failed', action_index: 0 });
    await stack.db.account.update({ where: { id: account.account_id }, data: { plan: 'free' } });

    const mapped = (await client.callTool({ name: 'map', arguments: { url: site.url('/one'), sitemap: 'skip' } })) as ToolAnswer;
    expect(mapped.isError, JSON.stringify(mapped)).toBeFalsy();
    expect(mapped.structuredContent).toMatchObject({ links: expect.arrayContaining([{ url: site.url('/one') }]), truncated: false });
    expect(JSON.parse(mapped.content[0]!.text)).toEqual(mapped.structuredContent);

    const queued = (await client.callTool({ name: 'bulk', arguments: { urls: [site.url('/two'), site.url('/three')] } })) as ToolAnswer;
    expect(queued.isError, JSON.stringify(queued)).toBeFalsy();
    expect(queued.structuredContent).toMatchObject({ kind: 'bulk', status: 'queued', total: 2 });
    const finished = (await client.callTool({ name: 'wait_for_job', arguments: { job_id: queued.structuredContent.job_id, timeout_seconds: 60 } })) as ToolAnswer;
    expect(finished.isError, JSON.stringify(finished)).toBeFalsy();
    expect(finished.structuredContent).toMatchObject({ job_id: queued.structuredContent.job_id, status: 'done', total: 2, completed: 2 });
    expect(finished.structuredContent.results.map((r: { url: string }) => r.url)).toEqual([site.url('/two'), site.url('/three')]);
    expect(finished.structuredContent.results[1].markdown).toContain('Third paragraph 1');

    // list_jobs takes GET /jobs's query and answers its JSON; a bad argument is the envelope, unmetered.
    const listed = (await client.callTool({ name: 'list_jobs', arguments: { kind: 'bulk', limit: 5 } })) as ToolAnswer;
    expect(listed.isError, JSON.stringify(listed)).toBeFalsy();
    expect(listed.structuredContent).toEqual({
      data: [expect.objectContaining({ job_id: queued.structuredContent.job_id, kind: 'bulk', status: 'done', total: 2, completed: 2, failed: 0, webhook_url: null })],
      next_cursor: null,
    });
    expect(JSON.parse(listed.content[0]!.text)).toEqual(listed.structuredContent);
    const forged = (await client.callTool({ name: 'list_jobs', arguments: { cursor: 'not-a-cursor' } })) as ToolAnswer;
    expect(forged.isError).toBe(true);
    expect(forged.structuredContent.error).toMatchObject({ code: 'invalid_request' });
    expect(forged.structuredContent.error.message).toMatch(/^cursor:/);
    await client.close();

    // Let the current access token expire: the next call is refused with 401, the SDK refreshes and retries.
    const before = auth.saved.length;
    const expiring = auth.tokens()!;
    const expiringKey = await stack.db.apiKey.findUniqueOrThrow({ where: { keyHash: hashApiKey(expiring.access_token) } });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiringKey.expiresAt!.getTime() - Date.now()) + 300));
    const raw = await fetch(mcpUrl, { method: 'POST', headers: { authorization: `Bearer ${expiring.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
    expect(raw.status).toBe(401);
    expect(raw.headers.get('www-authenticate')).toContain('error="invalid_token"');

    const again = await connect(auth);
    const usage = (await again.callTool({ name: 'get_usage', arguments: {} })) as ToolAnswer;
    expect(usage.isError, JSON.stringify(usage)).toBeFalsy();
    expect(auth.saved.length).toBeGreaterThan(before);
    const refreshed = auth.tokens()!;
    expect(refreshed.access_token).not.toBe(expiring.access_token);
    expect(refreshed.refresh_token).not.toBe(expiring.refresh_token);
    // The tools metered exactly as the REST routes do: one per page extracted (the screenshot and the failed action too: the page was opened), one per map, one per bulk URL, one per job read.
    expect(usage.structuredContent.by_endpoint).toEqual({ 'POST /extract': 3, 'POST /map': 1, 'POST /bulk': 2, 'GET /jobs/{job_id}': 1, 'GET /jobs': 1 });
    expect(usage.structuredContent.used_requests).toBe(8);
    expect(usage.structuredContent.by_day.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), requests: 8 });
    await again.close();

    // The whole run went through one grant, approved once.
    expect(auth.authorizationUrls).toHaveLength(1);
    expect(await stack.db.oAuthGrant.count({ where: { accountId: account.account_id } })).toBe(1);
  });
});

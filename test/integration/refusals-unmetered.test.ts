import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startStack, type Stack } from '../support/stack.js';
import { apiClient } from '../support/api.js';
import { startReplayServer, type ReplayServer } from '../support/replay-server.js';
import { searxngAnswer } from '../support/search-formats.js';
import { createApp } from '../../src/edge/app.js';
import type { Config } from '../../src/config/config.js';
import { freePort } from '../../scripts/lib/ports.js';

/**
 * Decisions, second round: refused requests are never metered, on every route — a URL refused before
 * any fetch (`unsafe_url` for a literal private address, credentials in the URL, a scheme other than
 * http/https) costs nothing, whether it comes to POST /extract, /bulk, /crawl, /search or the tool server.
 * This stack runs with ALLOW_PRIVATE_TARGETS off, as production does: literal private addresses are refused.
 */

let stack: Stack;
let api: ReturnType<typeof apiClient>;
let searx: ReplayServer;
let searchApi: ReturnType<typeof apiClient>;
let searchServer: Server;

const UNSAFE = ['http://127.0.0.1/', 'http://[::1]/', 'http://10.0.0.1/', 'http://localhost:8080/admin'];
const WITH_CREDENTIALS = ['http://user@example.com/', 'https://user:secret@example.com/page'];

beforeAll(async () => {
  const port = await freePort();
  // A fixed address: the MCP client follows MCP_URL, which derives from BASE_URL.
  stack = await startStack({ ALLOW_PRIVATE_TARGETS: 'false', PORT: String(port), BASE_URL: `http://127.0.0.1:${port}` });
  expect(stack.cfg.ALLOW_PRIVATE_TARGETS).toBe(false);
  api = apiClient(stack.baseUrl);
  // A SearXNG stand-in answering with results the service must refuse to fetch.
  searx = await startReplayServer(() => ({
    body: searxngAnswer('q', [
      { url: 'http://127.0.0.1/private', title: 'Loopback', text: 'a loopback page' },
      { url: 'http://10.0.0.1/intranet', title: 'Intranet', text: 'a private page' },
      { url: 'http://user:secret@example.com/page', title: 'Credentials', text: 'a page behind a password' },
    ]),
  }));
  const cfg = Object.freeze({ ...stack.cfg, SEARCH_PROVIDER: 'searxng', SEARXNG_URL: searx.url('/'), SEARCH_TIMEOUT_MS: 2000 }) as Config;
  searchServer = createApp({ ...stack.deps, cfg }).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => searchServer.once('listening', resolve));
  searchApi = apiClient(`http://127.0.0.1:${(searchServer.address() as AddressInfo).port}`);
});

afterAll(async () => {
  await new Promise((resolve) => searchServer?.close(resolve));
  await stack?.stop();
  await searx?.close();
});

/** A Pro account (crawl allowed, 20 requests per second) with its key. */
async function proAccount() {
  const account = await api.register();
  await stack.db.account.update({ where: { id: account.account_id }, data: { plan: 'pro' } });
  return account;
}

async function usage(key: string) {
  const res = await api.get('/usage', key);
  expect(res.status).toBe(200);
  return res.body as { used_requests: number; by_endpoint: Record<string, number> };
}

describe('URLs refused before any fetch are not metered', () => {
  it('POST /extract: 422 unsafe_url for literal private addresses, 422 invalid_request for credentials, each time, at no cost', async () => {
    const { api_key: key } = await proAccount();
    for (let round = 0; round < 2; round++) {
      for (const url of UNSAFE) {
        const res = await api.post('/extract', { url }, key);
        expect({ url, status: res.status, code: res.body.error?.code }).toEqual({ url, status: 422, code: 'unsafe_url' });
        expect(res.body.error).toMatchObject({ retry: false, docs_url: expect.stringMatching(/\/docs\/errors#unsafe_url$/) });
      }
      for (const url of WITH_CREDENTIALS) {
        const res = await api.post('/extract', { url }, key);
        expect({ url, status: res.status, code: res.body.error?.code }).toEqual({ url, status: 422, code: 'invalid_request' });
        expect(res.body.error.message).toMatch(/^url: .*credentials/);
      }
      const scheme = await api.post('/extract', { url: 'ftp://example.com/file' }, key);
      expect(scheme.body.error.code).toBe('invalid_request');
    }
    expect(await usage(key)).toMatchObject({ used_requests: 0, by_endpoint: {} });
  });

  it('POST /bulk and POST /crawl refuse the same URLs at submission, unmetered too', async () => {
    const { api_key: key } = await proAccount();
    for (const url of [...UNSAFE, ...WITH_CREDENTIALS]) {
      const code = UNSAFE.includes(url) ? 'unsafe_url' : 'invalid_request';
      const bulk = await api.post('/bulk', { urls: ['https://example.com/fine', url] }, key);
      expect({ url, status: bulk.status, code: bulk.body.error?.code }).toEqual({ url, status: 422, code });
      expect(bulk.body.error.message).toMatch(/^urls\.1: /);
      const crawl = await api.post('/crawl', { url }, key);
      expect({ url, status: crawl.status, code: crawl.body.error?.code }).toEqual({ url, status: 422, code });
    }
    expect(await usage(key)).toMatchObject({ used_requests: 0, by_endpoint: {} });
  });

  it('the MCP extract tool refuses them as tool errors, unmetered', async () => {
    const { api_key: key } = await proAccount();
    const client = new Client({ name: 'refusal-check', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(stack.cfg.MCP_URL), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
    for (const url of [...UNSAFE, ...WITH_CREDENTIALS]) {
      const result = (await client.callTool({ name: 'extract', arguments: { url } })) as unknown as { isError?: boolean; structuredContent: { error: { code: string } } };
      expect(result.isError).toBe(true);
      expect({ url, code: result.structuredContent.error.code }).toEqual({ url, code: UNSAFE.includes(url) ? 'unsafe_url' : 'invalid_request' });
    }
    const bulk = (await client.callTool({ name: 'bulk', arguments: { urls: [UNSAFE[0]] } })) as unknown as { structuredContent: { error: { code: string } } };
    expect(bulk.structuredContent.error.code).toBe('unsafe_url');
    await client.close();
    expect(await usage(key)).toMatchObject({ used_requests: 0, by_endpoint: {} });
  });

  it('POST /search with extract: true counts only the search for results it refuses to fetch', async () => {
    const { api_key: key } = await proAccount();
    const res = await searchApi.post('/search', { query: 'anything', extract: true, formats: ['markdown'] }, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results.map((r: { url: string; error_code?: string }) => [r.url, r.error_code])).toEqual([
      ['http://127.0.0.1/private', 'unsafe_url'],
      ['http://10.0.0.1/intranet', 'unsafe_url'],
      ['http://user:secret@example.com/page', 'invalid_request'],
    ]);
    for (const result of res.body.results) expect(result.markdown).toBeUndefined();
    expect(await usage(key)).toMatchObject({ used_requests: 1, by_endpoint: { 'POST /search': 1 } });
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { chromium } from 'playwright';
import { startStack, type Stack } from '../support/stack.js';
import { apiClient } from '../support/api.js';
import { ERRORS } from '../../src/contract/errors.js';
import { extractBody } from '../../src/contract/requests.js';
import { ROUTES } from '../../src/edge/openapi/routes.js';

let stack: Stack;
let api: ReturnType<typeof apiClient>;
let doc: any;

/** Every route of the contract (and the docs routes), written out here so that dropping one from the document fails. */
const EXPECTED_OPERATIONS = [
  'GET /health', 'GET /metrics', 'GET /pricing', 'POST /register', 'POST /extract', 'POST /bulk', 'GET /bulk/{job_id}', 'GET /jobs/{job_id}',
  'GET /jobs', 'GET /jobs/{job_id}/events',
  'POST /keys', 'GET /keys', 'POST /keys/rotate', 'DELETE /keys/{id}', 'GET /usage', 'GET /logs', 'POST /webhook/rotate',
  'POST /crawl', 'GET /crawl/{job_id}', 'POST /search', 'POST /map', 'GET /openapi.json', 'GET /docs', 'GET /docs/errors',
  'GET /webhooks/deliveries', 'POST /webhooks/deliveries/{id}/redeliver', 'GET /files/{file_id}',
  'POST /watches', 'GET /watches', 'GET /watches/{watch_id}', 'PATCH /watches/{watch_id}', 'DELETE /watches/{watch_id}',
  'GET /.well-known/oauth-authorization-server', 'POST /oauth/register', 'GET /oauth/authorize', 'POST /oauth/authorize', 'POST /oauth/token',
];

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack.baseUrl);
  const res = await fetch(`${stack.baseUrl}/openapi.json`);
  expect(res.status).toBe(200);
  doc = await res.json();
});

afterAll(async () => {
  await stack?.stop();
});

function operations(document: any): string[] {
  return Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

describe('GET /openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await fetch(`${stack.baseUrl}/openapi.json`);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(doc.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every route with its method', () => {
    expect(operations(doc).sort()).toEqual([...EXPECTED_OPERATIONS].sort());
  });

  it('gives each route its auth: Bearer scheme, scope extension and the scope in words', () => {
    expect(doc.components.securitySchemes.ApiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/health'].get.security).toEqual([]);
    expect(doc.paths['/health'].get['x-pith-scope']).toBeUndefined();
    expect(doc.paths['/bulk'].post['x-pith-scope']).toBe('bulk');
    expect(doc.paths['/bulk'].post.security).toEqual([{ ApiKey: [] }, { X402Payment: [] }]);
    expect(doc.paths['/extract'].post.security).toEqual([{ ApiKey: [] }, { X402Payment: [] }]);
    expect(doc.paths['/usage'].get.security).toEqual([{ ApiKey: [] }]);
    expect(doc.components.securitySchemes.X402Payment).toMatchObject({ type: 'apiKey', in: 'header', name: 'PAYMENT-SIGNATURE' });
    expect(doc.paths['/bulk'].post.description).toContain('scope `bulk`');
    expect(doc.paths['/bulk/{job_id}'].get.security).toEqual([{ ApiKey: [] }, { JobToken: [] }]);
    expect(doc.paths['/jobs/{job_id}'].get['x-pith-scope']).toBeNull();
    expect(doc.paths['/webhook/rotate'].post['x-pith-scope']).toBe('keys');
  });

  it('describes the error responses of each route as the envelope, by status', () => {
    const read = doc.paths['/bulk/{job_id}'].get;
    expect(read['x-pith-error-codes']).toEqual(expect.arrayContaining(['missing_api_key', 'invalid_api_key', 'insufficient_scope', 'job_not_found', 'forbidden']));
    expect(read.responses['401'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
    expect(Object.keys(read.responses['401'].content['application/json'].examples).sort()).toEqual(['invalid_api_key', 'missing_api_key']);
    expect(Object.keys(read.responses['404'].content['application/json'].examples)).toEqual(['job_not_found']);
    expect(doc.components.schemas.ErrorEnvelope.properties.error.properties.code.enum.sort()).toEqual(Object.keys(ERRORS).sort());
    expect(doc.paths['/bulk'].post.responses['422'].description).toContain('bulk_cap_exceeded');
    expect(doc.paths['/register'].post.responses['201'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Registration' });
  });

  it('has an /extract request schema that accepts and rejects what the API validates with', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema({ $id: 'doc', components: doc.components });
    const requestSchema = doc.paths['/extract'].post.requestBody.content['application/json'].schema;
    const validate = ajv.compile({ $ref: `doc${requestSchema.$ref}` });
    const examples: { body: unknown; valid: boolean }[] = [
      { body: { url: 'https://example.com/a' }, valid: true },
      { body: { url: 'http://example.com', formats: ['markdown', 'chunks'], chunk_tokens: 64, timeout_ms: 1000, render_js: true }, valid: true },
      { body: { url: 'https://example.com', chunk_tokens: 8192, respect_robots: 'strict', allow_domains: ['*.example.com'] }, valid: true },
      { body: { url: 'HTTPS://Example.com', allow_domains: ['Docs.Example.COM'], deny_patterns: ['*/private/*'] }, valid: true },
      { body: {}, valid: false },
      { body: { url: 'not a url' }, valid: false },
      { body: { url: 'ftp://example.com/file' }, valid: false },
      { body: { url: 'https://example.com', formats: [] }, valid: false },
      { body: { url: 'https://example.com', formats: ['pdf'] }, valid: false },
      { body: { url: 'https://example.com', chunk_tokens: 63 }, valid: false },
      { body: { url: 'https://example.com', chunk_tokens: 100.5 }, valid: false },
      { body: { url: 'https://example.com', timeout_ms: 60_001 }, valid: false },
      { body: { url: 'https://example.com', render_js: 'yes' }, valid: false },
      { body: { url: 'https://example.com', unknown_field: 1 }, valid: false },
      { body: { url: 'https://example.com', allow_domains: ['not a domain'] }, valid: false },
      { body: { url: 'https://example.com', respect_robots: 'sometimes' }, valid: false },
    ];
    for (const { body, valid } of examples) {
      expect({ body, zod: extractBody.safeParse(body).success }).toEqual({ body, zod: valid });
      expect({ body, document: validate(body) }).toEqual({ body, document: valid });
    }
  });

  it("documents the crawl's sitemap option from the same schema the API validates with", () => {
    expect(doc.paths['/crawl'].post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/CrawlRequest' });
    const sitemap = doc.components.schemas.CrawlRequest.properties.sitemap;
    expect(sitemap).toMatchObject({ type: 'string', enum: ['include', 'only', 'skip'], default: 'skip' });
    expect(sitemap.description).toMatch(/`include`.*`only`/s);
  });

  it('documents only routes the API serves: each implemented one answers something other than not_found', async () => {
    const implemented = ROUTES.filter((route) => route.implemented);
    expect(implemented.length).toBeGreaterThanOrEqual(9);
    for (const route of implemented) {
      const path = route.path.replace(/\{[^}]+\}/g, randomUUID());
      const res = await api.call(route.method.toUpperCase(), path, route.method === 'post' ? { body: {} } : {});
      expect({ route: `${route.method} ${route.path}`, code: res.body?.error?.code }).not.toEqual({ route: `${route.method} ${route.path}`, code: 'not_found' });
      expect({ route: `${route.method} ${route.path}`, status: res.status }).not.toEqual({ route: `${route.method} ${route.path}`, status: 405 });
    }
  });
});

describe('GET /docs', () => {
  it('is HTML that loads only same-origin assets, each served with its content type and long caching', async () => {
    const res = await fetch(`${stack.baseUrl}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    const urls = [...html.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThanOrEqual(4);
    for (const url of urls) expect(url).toMatch(/^\/(?!\/)/);
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(2);
    expect(styles).toHaveLength(1);
    for (const [list, type] of [[scripts, /^text\/javascript/], [styles, /^text\/css/]] as const) {
      for (const url of list) {
        const asset = await fetch(`${stack.baseUrl}${url}`);
        expect({ url, status: asset.status }).toEqual({ url, status: 200 });
        expect(asset.headers.get('content-type')).toMatch(type);
        expect(asset.headers.get('cache-control')).toMatch(/max-age=31536000|no-cache/);
        expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(100);
      }
    }
  });

  it('serves no file of the package but the listed assets', async () => {
    const bundle = (await (await fetch(`${stack.baseUrl}/docs`)).text()).match(/src="(\/docs\/assets\/[^/]+)\/swagger-ui-bundle\.js"/)![1]!;
    for (const path of [`${bundle}/package.json`, `${bundle}/..%2F..%2Fpackage.json`, '/docs/assets/0.0.0/swagger-ui.css']) {
      const res = await api.get(path);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });

  it('renders the reference in Chromium without any request outside the API origin', async () => {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      const page = await browser.newPage();
      const requested: string[] = [];
      const problems: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(`${stack.baseUrl}/docs`, { waitUntil: 'networkidle' });
      await page.waitForSelector('.opblock', { timeout: 20_000 });
      // Swagger UI renders each operation and each webhook (`job.completed`) as one block.
      expect(await page.locator('.opblock').count()).toBe(EXPECTED_OPERATIONS.length + Object.keys(doc.webhooks ?? {}).length);
      expect(await page.locator('.info .title').innerText()).toContain('Pith API');
      expect(requested.filter((url) => !url.startsWith(`${stack.baseUrl}/`) && !url.startsWith('data:'))).toEqual([]);
      expect(requested).toContain(`${stack.baseUrl}/openapi.json`);
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

describe('GET /docs/errors', () => {
  it('has a section for every code, with its status, retry, upgrade_url and meaning', async () => {
    const res = await fetch(`${stack.baseUrl}/docs/errors`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).not.toContain('<script');
    for (const [code, spec] of Object.entries(ERRORS)) {
      const section = html.match(new RegExp(`<section id="${code}">([\\s\\S]*?)</section>`))?.[1];
      expect({ code, found: section !== undefined }).toEqual({ code, found: true });
      expect(section).toContain(`<dt>Status</dt><dd>${spec.status}</dd>`);
      expect(section).toContain(spec.retry ? '<code>true</code>' : '<code>false</code>');
      expect(section).toContain(spec.upgrade ? 'Present' : 'Absent');
      expect(section).toContain('<dt>What to do</dt>');
      const firstWords = spec.meaning.replace(/`/g, '').split(' ').slice(0, 2).join(' ');
      expect(section!.replace(/<\/?code>/g, '')).toContain(firstWords.replace(/'/g, '&#39;'));
    }
    expect(html.match(/<section id=/g)).toHaveLength(Object.keys(ERRORS).length);
  });

  it("is where a real error's docs_url points", async () => {
    const res = await api.get(`/bulk/${randomUUID()}`);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('missing_api_key');
    const docsUrl = new URL(res.body.error.docs_url);
    expect(docsUrl.pathname).toBe('/docs/errors');
    expect(docsUrl.hash).toBe('#missing_api_key');
    // BASE_URL of the test stack is not its listening address: follow the path on the real server.
    const page = await (await fetch(`${stack.baseUrl}${docsUrl.pathname}`)).text();
    expect(page).toContain(`<section id="${docsUrl.hash.slice(1)}">`);
  });
});

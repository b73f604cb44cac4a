import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config/config.js';
import { parseScopeParameter } from '../../../src/oauth/scopes.js';
import { redirectUriProblem } from '../../../src/oauth/redirect-uris.js';
import { resourceProblem } from '../../../src/oauth/authorization-request.js';
import { mcpPathsOf, protectedResourceMetadata } from '../../../src/edge/mcp/paths.js';

describe('OAuth and MCP configuration', () => {
  it('gives tool-host access tokens the contract lifetime of one hour by default', () => {
    expect(parseConfig({}).OAUTH_ACCESS_TOKEN_TTL_SECONDS).toBe(3600);
    expect(parseConfig({ OAUTH_ACCESS_TOKEN_TTL_SECONDS: '5' }).OAUTH_ACCESS_TOKEN_TTL_SECONDS).toBe(5);
    expect(() => parseConfig({ OAUTH_ACCESS_TOKEN_TTL_SECONDS: '0' })).toThrow(/OAUTH_ACCESS_TOKEN_TTL_SECONDS/);
  });

  it('serves the MCP server at the path of MCP_URL, its alias and both metadata locations (RFC 9728)', () => {
    expect(mcpPathsOf(parseConfig({ BASE_URL: 'https://api.pith.dev' }))).toEqual({
      endpoints: ['/mcp', '/mcp/mcp'],
      resourceMetadata: ['/mcp/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp'],
      resourceMetadataUrl: 'https://api.pith.dev/mcp/.well-known/oauth-protected-resource',
    });
    expect(mcpPathsOf(parseConfig({ MCP_URL: 'https://mcp.pith.dev/' })).endpoints).toEqual(['/', '/mcp']);
    expect(protectedResourceMetadata(parseConfig({ BASE_URL: 'https://api.pith.dev/' }))).toMatchObject({
      resource: 'https://api.pith.dev/mcp',
      authorization_servers: ['https://api.pith.dev'],
    });
  });
});

describe('authorization request rules', () => {
  it('grants extract, bulk and crawl only; never keys, * or search', () => {
    expect(parseScopeParameter(undefined)).toEqual({ scopes: ['extract', 'bulk', 'crawl'] });
    expect(parseScopeParameter('crawl  extract')).toEqual({ scopes: ['extract', 'crawl'] });
    expect(parseScopeParameter('extract keys')).toEqual({ refused: ['keys'] });
    expect(parseScopeParameter('*')).toEqual({ refused: ['*'] });
    expect(parseScopeParameter('search')).toEqual({ refused: ['search'] });
  });

  it('registers https, loopback http and native-app redirect URIs only', () => {
    for (const ok of ['https://claude.ai/api/mcp/auth_callback', 'http://127.0.0.1:33418/callback', 'http://localhost/cb', 'cursor://anysphere.cursor-retrieval/oauth/callback']) {
      expect({ ok, problem: redirectUriProblem(ok) }).toEqual({ ok, problem: null });
    }
    for (const bad of ['http://example.com/cb', 'javascript:alert(1)', 'data:text/html,x', 'https://example.com/cb#x', '/relative']) {
      expect({ bad, refused: redirectUriProblem(bad) !== null }).toEqual({ bad, refused: true });
    }
  });

  it('accepts a resource indicator only for the MCP server (RFC 8707)', () => {
    const mcp = 'https://api.pith.dev/mcp';
    expect(resourceProblem(undefined, mcp)).toBeNull();
    expect(resourceProblem(mcp, mcp)).toBeNull();
    expect(resourceProblem(`${mcp}/`, mcp)).toBeNull();
    expect(resourceProblem([mcp, 'https://other.example/'], mcp)).toMatch(/other\.example/);
    expect(resourceProblem('https://api.pith.dev', mcp)).not.toBeNull();
  });
});

import type { Config } from '../../config/config.js';
import { OAUTH_SCOPES } from '../../oauth/scopes.js';

/**
 * Where the MCP server answers inside this app: the path of MCP_URL (default `/mcp`) and its permanent
 * alias `{path}/mcp`; its protected-resource metadata (RFC 9728) under the server's own path and, as
 * RFC 9728 §3.1 path insertion has it (where the SDK client looks), under the root.
 */
export function mcpPathsOf(cfg: Pick<Config, 'MCP_URL'>) {
  const base = new URL(cfg.MCP_URL).pathname.replace(/\/+$/, '');
  const wellKnown = '/.well-known/oauth-protected-resource';
  return {
    endpoints: [...new Set([base || '/', `${base}/mcp`])],
    resourceMetadata: [...new Set([`${base}${wellKnown}`, `${wellKnown}${base}`])],
    /** The metadata URL announced in WWW-Authenticate: `{MCP_URL}/.well-known/oauth-protected-resource`. */
    resourceMetadataUrl: `${cfg.MCP_URL}${wellKnown}`,
  };
}

/** RFC 9728 protected-resource metadata: the resource is MCP_URL itself, its authorization server the API. */
export function protectedResourceMetadata(cfg: Pick<Config, 'MCP_URL' | 'BASE_URL'>) {
  return {
    resource: cfg.MCP_URL,
    authorization_servers: [cfg.BASE_URL],
    scopes_supported: [...OAUTH_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'Pith',
    resource_documentation: `${cfg.BASE_URL}/docs`,
  };
}

import helmet from 'koa-helmet';
import cors from '@koa/cors';
import type { Middleware } from 'koa';
import type { Config } from '../../config/config.js';
import { mcpPathsOf } from '../mcp/paths.js';
import { OAUTH_PATHS } from '../../oauth/metadata.js';
import type { PithState } from '../state.js';

/**
 * Security headers on every answer (helmet): a JSON API needs no content, framing or referrer, so the
 * policy is `default-src 'none'`. The HTML pages (/docs, the consent page) set their own, stricter-fitted
 * Content-Security-Policy, which replaces this one.
 */
export function securityHeaders(): Middleware<PithState> {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'self'"] } },
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'no-referrer' },
  }) as unknown as Middleware<PithState>;
}

/**
 * CORS only where browser-based MCP hosts need it: the tool server, its protected-resource metadata,
 * the authorization server metadata, client registration and the token endpoint. Credentials are bearer
 * tokens, never cookies, so any origin may call. The REST API itself answers no CORS preflight.
 */
export function toolHostCors(cfg: Config): Middleware<PithState> {
  const mcp = mcpPathsOf(cfg);
  const paths = new Set<string>([...mcp.endpoints, ...mcp.resourceMetadata, OAUTH_PATHS.metadata, OAUTH_PATHS.register, OAUTH_PATHS.token]);
  const allow = cors({
    origin: '*',
    allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'Mcp-Protocol-Version', 'Mcp-Session-Id', 'Last-Event-ID'],
    exposeHeaders: ['WWW-Authenticate', 'Mcp-Session-Id', 'Mcp-Protocol-Version'],
    maxAge: 600,
  }) as unknown as Middleware<PithState>;
  return (ctx, next) => (paths.has(ctx.path) ? allow(ctx, next) : next());
}

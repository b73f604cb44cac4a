import Router from '@koa/router';
import { finished } from 'node:stream/promises';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { AppDeps, PithState } from '../state.js';
import { authenticateToolHost } from './bearer.js';
import { mcpPathsOf, protectedResourceMetadata } from './paths.js';
import { createPithMcpServer } from './server.js';

/**
 * The hosted tool server at MCP_URL: Streamable HTTP, stateless (a fresh server and transport per
 * request, no session id), JSON responses. POST only; GET (a server-to-client stream) and DELETE (end
 * a session) have nothing to serve without sessions and answer 405. Also its RFC 9728 metadata.
 */
export function mcpRoutes(deps: AppDeps): Router<PithState> {
  const router = new Router<PithState>();
  const paths = mcpPathsOf(deps.cfg);
  const metadata = JSON.stringify(protectedResourceMetadata(deps.cfg));

  for (const path of paths.resourceMetadata) {
    router.get(path, (ctx) => {
      ctx.type = 'application/json';
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.body = metadata;
    });
  }

  for (const path of paths.endpoints) {
    router.post(path, async (ctx) => {
      const caller = await authenticateToolHost(deps.db, ctx.get('authorization'), deps.cfg.MCP_URL, paths.resourceMetadataUrl);
      // Recorded in GET /logs under the token's key, like any authenticated request.
      ctx.state.auth = caller;
      const server = createPithMcpServer(deps, caller, (err) => ctx.app.emit('error', err, ctx));
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      ctx.respond = false;
      ctx.res.once('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(ctx.req, ctx.res, ctx.request.body);
      // The transport writes the response itself; wait for it so logging sees the real status.
      await finished(ctx.res).catch(() => undefined);
    });
  }
  return router;
}

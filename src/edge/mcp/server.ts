import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { AppDeps } from '../state.js';
import { registerPithTools } from './tools.js';
import type { AuthState } from '../../accounts/caller.js';

const INSTRUCTIONS =
  'Pith extracts the main content of web pages as markdown and token-bounded chunks. Use `extract` for one page; `bulk` (many URLs) or `crawl` (a site) queue a job and return its `job_id` at once: then call `wait_for_job` until `status` is `done` (`list_jobs` lists your recent jobs). Errors carry Pith\'s error envelope: `error.code`, and `error.retry` says whether retrying can help.';

/** A fresh MCP server for one request and one caller (the transport is stateless). */
export function createPithMcpServer(deps: AppDeps, caller: AuthState, onUnexpected: (err: unknown) => void): McpServer {
  const server = new McpServer({ name: 'pith', title: 'Pith', version: deps.cfg.VERSION }, { instructions: INSTRUCTIONS });
  registerPithTools(server, deps, caller, onUnexpected);
  return server;
}

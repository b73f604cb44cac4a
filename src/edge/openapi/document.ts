import { OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { buildRegistry } from './registry.js';
import { fixPatternFlags } from './regex-flags.js';

export interface DocumentSettings {
  baseUrl: string;
  version: string;
}

const DESCRIPTION = `Pith fetches web pages and returns their main content as markdown, html, text blocks, token-bounded chunks, links, metadata and size metrics — one page at a time (\`POST /extract\`) or in durable bulk jobs (\`POST /bulk\`).

**Authentication.** Every route but the public ones takes \`Authorization: Bearer <API_KEY>\`; get a key from \`POST /register\`. A key carries scopes (\`extract\`, \`bulk\`, \`crawl\`, \`search\`, \`keys\`, or \`*\` for all); each operation names the scope it needs (also as \`x-pith-scope\`).

**Metering.** Refused requests are never metered, on any route: a URL refused before any fetch (\`unsafe_url\` for a literal private address, credentials in the URL, a scheme other than http/https) or by the key's policy costs nothing.

**Errors.** Every 4xx and 5xx answer is \`{ "error": { code, message, retry, docs_url, upgrade_url?, retry_after? } }\`. \`retry\` says whether the same request can succeed later; \`docs_url\` points at the code's section of [/docs/errors](/docs/errors). The OAuth routes answer errors in OAuth's own format, \`{ "error", "error_description" }\`.

**Timing.** Every answer, errors included, carries \`Server-Timing\` (W3C) with where its time went inside the service, in milliseconds: for \`POST /extract\` e.g. \`robots\`, \`fetch\`, \`thread-queue\` (waiting for a free extraction thread), \`extract\`, \`cache-read\`/\`cache-write\`, \`meter\`, \`index\`; on every route \`auth\` (once the key is accepted) and \`rate-limit\`; for \`POST /bulk\` and \`/crawl\` \`job-write\` (the job's commit); and always \`total\`. Phases name kinds of work, never data.

**Tool server (MCP).** Agent hosts reach Pith as a Model Context Protocol server at \`MCP_URL\` (by default \`/mcp\` on this host; \`{MCP_URL}/mcp\` is a permanent alias): Streamable HTTP, stateless, \`POST\` only. Its tools \`extract\`, \`bulk\`, \`crawl\`, \`map\`, \`get_job\`, \`list_jobs\`, \`wait_for_job\` (≤ 60 s) and \`get_usage\` take the request bodies documented here and return the same JSON (text and \`structuredContent\`); refusals are tool errors (\`isError: true\`) carrying the error envelope. Hosts authenticate with the OAuth 2.1 flow below: unauthenticated requests get 401 with \`WWW-Authenticate: Bearer resource_metadata="{MCP_URL}/.well-known/oauth-protected-resource"\` (RFC 9728; also served at \`/.well-known/oauth-protected-resource/mcp\`), which names this API as the authorization server. The access token is an ordinary Pith key with the approved scopes (never \`keys\`), valid one hour, accepted by the tool server and by this API alike (a route outside its scopes answers 403 \`insufficient_scope\`); an ordinary key with the right scopes works at the tool server too.`;

/** The OpenAPI 3.1 document of the API, generated from the zod schemas. */
export function buildOpenApiDocument(settings: DocumentSettings) {
  const generator = new OpenApiGeneratorV31(buildRegistry(settings.baseUrl).definitions);
  const document = generator.generateDocument({
    openapi: '3.1.0',
    info: { title: 'Pith API', version: settings.version, description: DESCRIPTION },
    servers: [{ url: settings.baseUrl }],
    tags: [
      { name: 'Extraction', description: 'Content of pages, answered at once.' },
      { name: 'Jobs', description: 'Bulk and crawl jobs: submit, then read or receive the `job.completed` webhook.' },
      { name: 'Watches', description: 'Pages or crawls looked at on a schedule (Temporal Schedules), with change tracking; the `watch.changed` webhook lists what changed.' },
      { name: 'Account', description: 'Registration, usage and request logs.' },
      { name: 'Keys', description: 'API keys and the webhook signing secret.' },
      { name: 'Service', description: 'Public routes: health, pricing, documentation.' },
      { name: 'OAuth', description: 'The OAuth 2.1 authorization server that issues tool-server tokens to MCP hosts. Direct API callers do not use it.' },
    ],
  });
  fixPatternFlags(document);
  return document;
}

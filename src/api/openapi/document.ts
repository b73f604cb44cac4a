import { OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { buildRegistry } from './registry.js';
import { fixPatternFlags } from './regex-flags.js';

export interface DocumentSettings {
  baseUrl: string;
  version: string;
}

const DESCRIPTION = `Pith fetches web pages and returns their main content as markdown, html, text blocks, token-bounded chunks, links, metadata and size metrics — one page at a time (\`POST /extract\`) or in durable bulk jobs (\`POST /bulk\`).

**Authentication.** Every route but the public ones takes \`Authorization: Bearer <API_KEY>\`; get a key from \`POST /register\`. A key carries scopes (\`extract\`, \`bulk\`, \`crawl\`, \`search\`, \`keys\`, or \`*\` for all); each operation names the scope it needs (also as \`x-pith-scope\`).

**Errors.** Every 4xx and 5xx answer is \`{ "error": { code, message, retry, docs_url, upgrade_url?, retry_after? } }\`. \`retry\` says whether the same request can succeed later; \`docs_url\` points at the code's section of [/docs/errors](/docs/errors).`;

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
      { name: 'Account', description: 'Registration, usage and request logs.' },
      { name: 'Keys', description: 'API keys and the webhook signing secret.' },
      { name: 'Service', description: 'Public routes: health, pricing, documentation.' },
    ],
  });
  fixPatternFlags(document);
  return document;
}

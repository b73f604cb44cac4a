import type { z } from 'zod';
import { bulkBody, createKeyBody, extractBody, logsQuery, registerBody } from '../schemas.js';

/**
 * The request bodies the API validates with (src/api/schemas.ts), named for the document. Nothing is
 * redefined: each is the same schema, only annotated. zod's `protocol` check on URLs has no JSON Schema
 * form, so the http(s) restriction is added as a `pattern` on a copy of the same URL schema.
 */

const HTTP_URL_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?://';

function documentedHttpUrl<S extends z.ZodType>(schema: S): S {
  return schema.meta({ pattern: HTTP_URL_PATTERN, description: 'Absolute http(s) URL, at most 8192 characters.' }) as S;
}

export const RegisterRequest = registerBody.meta({ id: 'RegisterRequest', description: 'Creates an account on the free plan.' });

export const ExtractRequest = extractBody.extend({ url: documentedHttpUrl(extractBody.shape.url) }).meta({
  id: 'ExtractRequest',
  description: 'One page, answered when extracted. `render_js: true` needs Pro, Growth or Enterprise.',
});

const bulkUrls = bulkBody.shape.urls;
export const BulkRequest = bulkBody
  // clone keeps the array's own checks (min 1) while its element gains the pattern.
  .extend({ urls: bulkUrls.clone({ ...bulkUrls.def, element: documentedHttpUrl(bulkUrls.element) }).meta({ description: 'URLs to extract; the count is capped by plan.' }) })
  .meta({ id: 'BulkRequest', description: 'Queues every URL for extraction and answers at once with the job.' });

export const CreateKeyRequest = createKeyBody.meta({
  id: 'CreateKeyRequest',
  description: 'A key can grant only scopes the calling key holds; its policy can only be as strict as the caller\'s or stricter.',
});

export const LogsQuery = logsQuery;

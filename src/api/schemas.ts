import { z } from 'zod';
import { ALL_FORMATS } from '../extraction/types.js';
import { MAX_CHUNK_TOKENS, MIN_CHUNK_TOKENS } from '../extraction/chunks.js';

/** Request bodies of the API, one zod schema each: validation and (later) the OpenAPI document come from here. */

export const registerBody = z.strictObject({
  email: z.email({ error: 'must be an e-mail address' }).max(320),
});

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).max(8192);

export const bulkBody = z.strictObject({
  urls: z.array(httpUrl, { error: 'must be an array of URLs' }).min(1, { error: 'must contain at least one URL' }),
  webhook_url: z.string({ error: 'must be a string' }).max(2048).optional(),
  webhook_include_results: z.boolean({ error: 'must be a boolean' }).optional(),
});

export type BulkBody = z.infer<typeof bulkBody>;

export const extractBody = z.strictObject({
  url: httpUrl,
  formats: z
    .array(z.enum(ALL_FORMATS, { error: `must be one of ${ALL_FORMATS.join(', ')}` }))
    .min(1, { error: 'must name at least one format' })
    .optional(),
  chunk_tokens: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be an integer' })
    .min(MIN_CHUNK_TOKENS, { error: `must be at least ${MIN_CHUNK_TOKENS}` })
    .max(MAX_CHUNK_TOKENS, { error: `must be at most ${MAX_CHUNK_TOKENS}` })
    .optional(),
  timeout_ms: z.number({ error: 'must be a number' }).int().min(1000, { error: 'must be at least 1000' }).max(60_000, { error: 'must be at most 60000' }).optional(),
  render_js: z.boolean({ error: 'must be a boolean' }).optional(),
});

export type ExtractBody = z.infer<typeof extractBody>;

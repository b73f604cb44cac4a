import { z } from 'zod';

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

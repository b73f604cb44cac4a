import { z } from 'zod';

/**
 * DOCUMENTATION ONLY: request schemas of routes that are being built and not yet in `src/api/schemas.ts`.
 * When a route lands, move its schema to schemas.ts (the API must validate with the same object the
 * document shows) and import it in `documented-requests.ts` instead.
 */

// The pattern states zod's protocol check in JSON Schema terms, which `format: uri` alone does not.
const httpUrl = z.url({ protocol: /^https?$/ }).max(8192).meta({ pattern: '^[Hh][Tt][Tt][Pp][Ss]?://' });
const webhookFields = {
  webhook_url: z.string().max(2048).optional().meta({ description: 'https URL that receives the signed `job.completed` notification.' }),
  webhook_include_results: z.boolean().optional().meta({ description: 'Inline the full `results` array in the notification (about 5 MB cap).' }),
};

export const crawlBody = z.strictObject({
  url: httpUrl.meta({ description: 'Start URL; only same-site links are followed.' }),
  depth: z.int().min(0).default(1).meta({ description: 'Link depth from the start URL; capped by plan (422 `crawl_depth_exceeded`).' }),
  limit: z.int().min(1).default(100).meta({ description: 'Most pages visited; capped by plan.' }),
  include_patterns: z.array(z.string()).optional(),
  exclude_patterns: z.array(z.string()).optional(),
  allow_subdomains: z.boolean().default(false),
  ...webhookFields,
});

export const searchBody = z.strictObject({
  query: z.string().min(1).max(2000),
  num_results: z.int().min(1).optional().meta({ description: 'Capped by plan: 5 free, 10 pro, 50 growth, 100 enterprise (422 `search_cap_exceeded`).' }),
});

export const keyIdParams = z.object({ id: z.string().meta({ description: 'Public id of the key (`key_…`).' }) });

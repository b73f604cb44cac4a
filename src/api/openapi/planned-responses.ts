import { z } from 'zod';

/**
 * DOCUMENTATION ONLY: response shapes that neither the contract nor decisions.md fix, for routes being
 * built. Replace with the real shape when the route lands.
 */

export const SearchResponseSchema = z
  .object({
    query: z.string(),
    results: z.array(z.object({ url: z.string(), title: z.string().nullable(), snippet: z.string().nullable() })),
  })
  .meta({ id: 'SearchResponse', description: 'Provisional: one entry per result, in rank order.' });

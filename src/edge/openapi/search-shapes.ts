import { z } from 'zod';
import { ExtractResponseSchema } from './content-shapes.js';
import { ErrorEnvelopeSchema } from './error-shapes.js';

/** Response of POST /search: each result is a hit of the provider, plus its extraction with `extract: true`. */

const SearchResultSchema = ExtractResponseSchema.extend({
  title: z.string().nullable().meta({ description: 'Title of the page as the provider knows it; null when it has none.' }),
  snippet: z.string().nullable().meta({ description: 'Plain-text excerpt around the matches (no markup); null when the provider gave none.' }),
  position: z.int().min(1).meta({ description: 'Rank, from 1.' }),
  error: z.string().optional().meta({ description: 'With `extract: true`, when this result could not be extracted: human-readable failure text. The content fields are then absent.' }),
  error_code: ErrorEnvelopeSchema.shape.error.shape.code
    .optional()
    .meta({ description: 'With `error`: a code of the error table, e.g. `domain_denied`, `robots_disallowed`, `fetch_failed`, `no_content`.' }),
}).meta({
  id: 'SearchResult',
  description:
    'One result. Always `url`, `title`, `snippet`, `position`. With `extract: true` also the extracted content fields (every format, or the `formats` asked for) — or `error` and `error_code` when the page was refused by the key\'s policy or failed.',
});

export const SearchResponseSchema = z
  .object({
    query: z.string().meta({ description: 'The query as searched (trimmed).' }),
    provider: z.enum(['local', 'searxng', 'brave']).meta({
      description: "Where the results come from: `local` (this deployment's full-text index of the pages the account extracted), `searxng` or `brave` (the web), as the server is configured.",
    }),
    results: z.array(SearchResultSchema).meta({ description: 'Best first; at most `num_results`, possibly fewer.' }),
  })
  .meta({ id: 'SearchResponse', description: 'The results of a search, in rank order.' });

import { z } from 'zod';

/** Response of POST /map. */

const MapLinkSchema = z
  .object({
    url: z.string().meta({ description: 'Absolute, normalised URL (scheme and host lower-cased, default port, fragment and tracking parameters removed, parameters sorted).' }),
    title: z.string().optional().meta({ description: "The start page's anchor text for the link, or a sitemap's `<news:title>`; absent when neither gives one." }),
    lastmod: z.string().optional().meta({ description: "The sitemap's `<lastmod>` as written (W3C Datetime: `2024-05-01` or `2024-05-01T10:00:00+00:00`); absent when the sitemap gives none or an invalid one." }),
  })
  .meta({ id: 'MapLink', description: 'One URL of the site.' });

export const MapResponseSchema = z
  .object({
    links: z.array(MapLinkSchema).meta({ description: 'Sitemap URLs first (in sitemap order), then the start page and its links; with `search`, best match first. At most `limit`.' }),
    sources: z
      .object({
        sitemap: z.int().min(0).meta({ description: 'Links of the answer found in sitemaps.' }),
        page: z.int().min(0).meta({ description: 'Links of the answer found only on the start page (the start page itself included).' }),
      })
      .meta({ description: 'Where the returned links came from; a link found in both counts for `sitemap`.' }),
    truncated: z.boolean().meta({ description: 'true when more links exist than were returned: `limit` reached, or a bound of the call ran out (50 sitemap files, 50 MB read, 30 s).' }),
    skipped: z
      .array(z.object({ url: z.string(), reason: z.string() }))
      .meta({ description: 'Files not read or read only in part (not a sitemap, HTTP error, refused address, broken gzip, budget), with the reason; at most 50.' }),
  })
  .meta({ id: 'MapResponse', description: "A site's URLs." });

import type { Db } from '../db/prisma.js';
import { splitLocalQuery } from './local-query.js';
import type { SearchHit, SearchProvider, SearchQuery } from './provider.js';

/**
 * ts_headline settings: up to two fragments of about 15–35 words around the matches, as plain text
 * (no highlight markers, like the other providers' snippets).
 */
const HEADLINE_OPTIONS = 'MaxFragments=2, MaxWords=35, MinWords=15, StartSel="", StopSel="", FragmentDelimiter=" … "';

/**
 * ts_rank_cd normalisation 1: divides by 1 + log(document length), so a long page does not win on its
 * length alone.
 */
const RANK_NORMALISATION = 1;

/**
 * The default provider: full-text search over the pages this account extracted (table search_documents,
 * filled by index-page.ts), in PostgreSQL, offline.
 *
 * - Matching: websearch_to_tsquery reads the query the way people type it (`"exact phrase"`, `-excluded`,
 *   `or`). Pages matching all of it come first; then pages matching any of its words (none of its
 *   exclusions), so "how do eruptions happen" still finds the page about eruptions.
 * - Ranking: ts_rank_cd (cover density) over the generated `search_vector`, where the title has weight A
 *   and the body weight B, so a page titled with the query outranks one that mentions it in passing.
 * - Snippets: ts_headline around the matched words, computed only for the rows returned.
 */
export function localProvider(db: Db): SearchProvider {
  return {
    name: 'local',
    async search({ query, limit, accountId }: SearchQuery): Promise<SearchHit[]> {
      const { anyWord, excluded } = splitLocalQuery(query);
      return db.$queryRaw<SearchHit[]>`
        WITH q AS (
          SELECT websearch_to_tsquery('english', ${query}) AS every,
                 websearch_to_tsquery('english', ${anyWord}) AS any,
                 websearch_to_tsquery('english', ${excluded}) AS excluded
        ),
        matched AS (
          SELECT d.id, d.url, d.title, d.body, d.indexed_at, d.search_vector, d.search_vector @@ q.every AS full_match
          FROM search_documents d, q
          WHERE d.account_id = ${accountId}::uuid AND d.expires_at > now()
            AND (d.search_vector @@ q.every
                 OR (d.search_vector @@ q.any AND NOT (numnode(q.excluded) > 0 AND d.search_vector @@ q.excluded)))
        ),
        ranked AS (
          SELECT m.id, m.url, m.title, m.body, m.indexed_at, m.full_match,
                 ts_rank_cd(m.search_vector, CASE WHEN m.full_match THEN q.every ELSE q.any END, ${RANK_NORMALISATION}::int) AS rank
          FROM matched m, q
          ORDER BY m.full_match DESC, rank DESC, m.indexed_at DESC, m.id
          LIMIT ${limit}
        )
        SELECT r.url, r.title,
               NULLIF(btrim(ts_headline('english', r.body, CASE WHEN numnode(q.any) > 0 THEN q.any ELSE q.every END, ${HEADLINE_OPTIONS})), '') AS snippet
        FROM ranked r, q
        ORDER BY r.full_match DESC, r.rank DESC, r.indexed_at DESC, r.id`;
    },
  };
}

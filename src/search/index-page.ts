import type { Config } from '../config/config.js';
import { queryPrepared, type Db } from '../db/prisma.js';
import type { ExtractedContent } from '../extraction/types.js';
import { markdownToPlainText } from './plain-text.js';
import { JOB_ACCOUNT_ID_SQL_TEXT } from '../jobs/store/index.js';
import { log } from '../observability/logger.js';
import { redactSecrets } from '../observability/redact.js';

/**
 * Body text kept per page. A tsvector must stay under 1 MB and ts_headline reads the whole body, so a
 * huge page is indexed by its first 100,000 characters (the part a reader sees first).
 */
export const MAX_INDEXED_CHARS = 100_000;
const MAX_TITLE_CHARS = 1_000;
/** (account_id, url) is a unique b-tree key, whose entries must stay under ~2.7 kB: longer URLs are not indexed. */
const MAX_INDEXED_URL_CHARS = 2_048;

/** Who the page belongs to: the account itself, or the job it was extracted for (bulk activities know only the job). */
export type IndexOwner = { accountId: string } | { jobId: string };

export interface SearchDocumentText {
  title: string | null;
  body: string;
}

function firstHeading(content: Partial<ExtractedContent>): string | null {
  const block = content.blocks?.find((b) => b.type === 'heading');
  if (block) return block.text;
  return content.markdown?.match(/^#{1,6}\s+(.+)$/m)?.[1] ?? null;
}

/**
 * What gets indexed from an extraction: the page title and its main content as plain text (from the
 * markdown, else the blocks or chunks when `formats` left the markdown out). Null when there is no text.
 */
export function searchDocumentText(content: Partial<ExtractedContent>): SearchDocumentText | null {
  const text = content.markdown
    ? markdownToPlainText(content.markdown)
    : (content.blocks?.map((b) => b.text).join('\n') ?? content.chunks?.map((c) => c.text).join('\n') ?? '');
  const body = text.trim().slice(0, MAX_INDEXED_CHARS);
  if (!body) return null;
  const title = (content.metadata?.title ?? firstHeading(content))?.replace(/\s+/g, ' ').trim().slice(0, MAX_TITLE_CHARS) || null;
  return { title, body };
}

/**
 * Adds (or refreshes) a page in its account's local search index, with SEARCH_INDEX_RETENTION_HOURS to
 * live from now. Re-extracting a page replaces its row, so the index holds its latest text once.
 * `unchangedSince`: the content is known to be the same since then; a row indexed after it is left alone.
 */
export async function indexPage(db: Db, cfg: Config, owner: IndexOwner, url: string, content: Partial<ExtractedContent>, unchangedSince?: Date): Promise<boolean> {
  if (!indexable(cfg, url)) return false;
  // Content known unchanged since a time (a cache hit): a row indexed since then already holds it, and
  // rewriting a large body (its text search vector) is most of a hit's time (`npm run bench:cache`).
  if (unchangedSince && (await indexedSince(db, cfg, owner, url, unchangedSince))) return false;
  const document = searchDocumentText(content);
  if (!document) return false;
  const hours = cfg.SEARCH_INDEX_RETENTION_HOURS;
  // Times come from the database clock, the one the searches and the expiry sweep compare with. A
  // prepared statement on the pg pool: through Prisma's raw-query layer the body crossed into the query
  // compiler and back (`bench:bulk` profile of the worker).
  const { kind, id } = ownerOf(owner);
  const written = (await queryPrepared<{ url: string }>(db, `pith-index-${kind}`, UPSERT_SQL[kind], [id, url, document.title, document.body, hours])).length;
  return written > 0;
}

/** Whose index a page goes to, as the first parameter ($1) of the statements below. */
const ownerOf = (owner: IndexOwner) => ('accountId' in owner ? { kind: 'account' as const, id: owner.accountId } : { kind: 'job' as const, id: owner.jobId });
const OWNER_SQL = { account: 'SELECT $1::uuid AS account_id', job: JOB_ACCOUNT_ID_SQL_TEXT };

const UPSERT_SQL = Object.fromEntries(
  Object.entries(OWNER_SQL).map(([kind, ownerSql]) => [
    kind,
    `
    INSERT INTO search_documents (account_id, url, title, body, expires_at)
    SELECT owner.account_id, $2, $3, $4, now() + make_interval(hours => $5::int)
    FROM (${ownerSql}) AS owner
    ON CONFLICT (account_id, url) DO UPDATE
      SET title = EXCLUDED.title, body = EXCLUDED.body, indexed_at = now(), expires_at = EXCLUDED.expires_at
    RETURNING url`,
  ]),
) as Record<keyof typeof OWNER_SQL, string>;

const INDEXED_SINCE_SQL = Object.fromEntries(
  Object.entries(OWNER_SQL).map(([kind, ownerSql]) => [
    kind,
    `
    SELECT 1 FROM search_documents, (${ownerSql}) AS owner
    WHERE search_documents.account_id = owner.account_id AND url = $2 AND indexed_at >= $3::timestamptz`,
  ]),
) as Record<keyof typeof OWNER_SQL, string>;

const indexable = (cfg: Config, url: string) => cfg.SEARCH_INDEX_RETENTION_HOURS > 0 && url.length <= MAX_INDEXED_URL_CHARS;

/** Whether the owner's index already holds the page as indexed at `since` or later (a read: it may run before the request is admitted). */
export async function indexedSince(db: Db, cfg: Config, owner: IndexOwner, url: string, since: Date): Promise<boolean> {
  if (!indexable(cfg, url)) return true;
  const { kind, id } = ownerOf(owner);
  const [current] = await queryPrepared<unknown>(db, `pith-indexed-since-${kind}`, INDEXED_SINCE_SQL[kind], [id, url, since]);
  return current !== undefined;
}

/**
 * indexPage for the places that store extractions (POST /extract, bulk and crawl activities): the index is
 * a convenience, so a failure to write it is logged and never fails the extraction it follows.
 * `alreadyIndexed`: the answer of indexedSince, asked earlier (while the request was being metered).
 */
export async function indexPageQuietly(db: Db, cfg: Config, owner: IndexOwner, url: string, content: Partial<ExtractedContent>, alreadyIndexed?: Promise<boolean>): Promise<void> {
  try {
    if (await alreadyIndexed) return;
    const cachedAt = content.metadata?.cache === 'hit' && content.metadata.cached_at ? new Date(content.metadata.cached_at) : undefined;
    await indexPage(db, cfg, owner, url, content, alreadyIndexed ? undefined : cachedAt);
  } catch (err) {
    log().warn({ url: redactSecrets(url), err: String(err) }, 'search indexing failed; the extraction itself is unaffected');
  }
}

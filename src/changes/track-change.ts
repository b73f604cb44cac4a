import type { Db } from '../db/prisma.js';
import type { ChangeStatus } from '../contract/vocabulary.js';
import { normalizeUrl } from '../net/normalize-url.js';
import { diffVersions, fingerprint } from './compare-versions.js';
import { findSnapshot, saveSnapshot, type Version } from './snapshot-store.js';

/** `change` of a result with `change_tracking`. */
export interface PageChange {
  status: ChangeStatus;
  /** When the account's previous version was seen; null for a page seen for the first time. */
  previous_at: string | null;
  /** `changed` only: a unified diff of the markdown (whitespace ignored), bounded; null otherwise or when left out. */
  diff: string | null;
  /** The diff was left out or cut (CHANGE_LIMITS). */
  diff_truncated?: boolean;
}

/**
 * What this look compares with, and what it keeps as "the version before": the stored version — unless
 * the same job (`lookId`) wrote it, i.e. this is a retried activity of that job whose first attempt
 * stored its version and then failed. Then the comparison is with the version before the job, so a
 * retry says what the first attempt said (a watch's change is never lost to `same`).
 */
async function baseOf(db: Db, accountId: string, urlKey: string, lookId: string | undefined): Promise<Version | undefined> {
  const stored = await findSnapshot(db, accountId, urlKey);
  if (stored && lookId !== undefined && stored.lookId === lookId) return stored.previous ?? undefined;
  return stored;
}

/**
 * Compares the page's markdown now with the account's previous version of it (the same normalised URL:
 * tracking parameters and fragments never make another page), keeps this one, and says what changed.
 * `lookId`: the job this look belongs to (see baseOf).
 */
export async function trackVersion(db: Db, accountId: string, url: string, markdown: string, seenAt = new Date(), lookId?: string): Promise<PageChange> {
  const urlKey = normalizeUrl(url) ?? url;
  const previous = await baseOf(db, accountId, urlKey, lookId);
  const current = fingerprint(markdown);
  await saveSnapshot(db, accountId, urlKey, { markdown, fingerprint: current, removed: false, seenAt, lookId: lookId ?? null, previous: lookId !== undefined ? (previous ?? null) : null });
  if (!previous) return { status: 'new', previous_at: null, diff: null };
  const previousAt = previous.seenAt.toISOString();
  if (!previous.removed && previous.fingerprint === current) return { status: 'same', previous_at: previousAt, diff: null };
  const { diff, truncated } = diffVersions(previous.removed ? '' : previous.markdown, markdown, urlKey);
  return { status: 'changed', previous_at: previousAt, diff, ...(truncated ? { diff_truncated: true } : {}) };
}

/**
 * The page answered 404 or 410: `removed` (once: a page still gone at the next look is `same`), and the
 * removal is kept as its latest version. `previous_at` is null when Pith never saw the page.
 */
export async function trackRemoval(db: Db, accountId: string, url: string, seenAt = new Date(), lookId?: string): Promise<PageChange> {
  const urlKey = normalizeUrl(url) ?? url;
  const previous = await baseOf(db, accountId, urlKey, lookId);
  await saveSnapshot(db, accountId, urlKey, { markdown: '', fingerprint: '', removed: true, seenAt, lookId: lookId ?? null, previous: lookId !== undefined ? (previous ?? null) : null });
  const previousAt = previous?.seenAt.toISOString() ?? null;
  return { status: previous?.removed ? 'same' : 'removed', previous_at: previousAt, diff: null };
}

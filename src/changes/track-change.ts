import type { Db } from '../db/prisma.js';
import type { ChangeStatus } from '../contract/vocabulary.js';
import { normalizeUrl } from '../net/normalize-url.js';
import { diffVersions, fingerprint } from './compare-versions.js';
import { findSnapshot, saveSnapshot } from './snapshot-store.js';

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
 * Compares the page's markdown now with the account's previous version of it (the same normalised URL:
 * tracking parameters and fragments never make another page), keeps this one, and says what changed.
 */
export async function trackVersion(db: Db, accountId: string, url: string, markdown: string, seenAt = new Date()): Promise<PageChange> {
  const urlKey = normalizeUrl(url) ?? url;
  const previous = await findSnapshot(db, accountId, urlKey);
  const current = fingerprint(markdown);
  await saveSnapshot(db, accountId, urlKey, { markdown, fingerprint: current, removed: false, seenAt });
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
export async function trackRemoval(db: Db, accountId: string, url: string, seenAt = new Date()): Promise<PageChange> {
  const urlKey = normalizeUrl(url) ?? url;
  const previous = await findSnapshot(db, accountId, urlKey);
  await saveSnapshot(db, accountId, urlKey, { markdown: '', fingerprint: '', removed: true, seenAt });
  const previousAt = previous?.seenAt.toISOString() ?? null;
  return { status: previous?.removed ? 'same' : 'removed', previous_at: previousAt, diff: null };
}

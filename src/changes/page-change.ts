import type { Db } from '../db/prisma.js';
import { ExtractionError } from '../contract/extraction-error.js';
import type { Format } from '../contract/vocabulary.js';
import type { ExtractedContent } from '../extraction/types.js';
import { trackRemoval, trackVersion, type PageChange } from './track-change.js';

/** The content formats to extract when the change is tracked: the markdown too, which is what is compared. */
export function formatsToTrack(formats: Format[] | undefined): Format[] | undefined {
  return formats && !formats.includes('markdown') ? [...formats, 'markdown'] : formats;
}

/** The result with its `change`; the markdown, extracted only to compare, is dropped again when it was not asked for. `lookId`: the job (a retry of it compares as its first attempt did). */
export async function withChange<C extends Partial<ExtractedContent>>(
  db: Db,
  accountId: string,
  url: string,
  content: C,
  askedFormats: Format[] | undefined,
  lookId?: string,
): Promise<Omit<C, 'markdown'> & { markdown?: string; change: PageChange }> {
  const change = await trackVersion(db, accountId, url, content.markdown ?? '', new Date(), lookId);
  const result: Partial<ExtractedContent> & { change: PageChange } = { ...content, change };
  if (askedFormats && !askedFormats.includes('markdown')) delete result.markdown;
  return result as Omit<C, 'markdown'> & { markdown?: string; change: PageChange };
}

/** A tracked page that now answers 404 or 410 is `removed`: the change of that failure, else undefined. */
export async function changeOfFailure(db: Db, accountId: string, url: string, err: unknown, lookId?: string): Promise<PageChange | undefined> {
  if (!(err instanceof ExtractionError) || err.code !== 'target_http_error' || (err.httpStatus !== 404 && err.httpStatus !== 410)) return undefined;
  return trackRemoval(db, accountId, url, new Date(), lookId);
}

import Router from '@koa/router';
import compose from 'koa-compose';
import type { Middleware } from 'koa';
import type { AppDeps, PithState } from '../state.js';
import { authOf } from '../middleware/auth.js';
import { protect } from '../middleware/protect.js';
import { ApiError } from '../../contract/errors.js';
import { findLiveFile, type StoredFileRow } from '../../files/file-store.js';
import { jobResultsKept } from '../../jobs/read.js';

type FileState = PithState & { signedFor?: string };

/**
 * A signed link (`?expires=&signature=`) opens its one file without a key; any other request needs a key
 * of the account (scope `extract`, which made the file). Reads are not metered: the file was paid for
 * with the extraction that made it.
 */
function keyOrSignedLink(deps: AppDeps): Middleware<FileState> {
  const keyed = compose(protect(deps, 'extract') as Middleware<FileState>[]);
  return async (ctx, next) => {
    const { expires, signature } = ctx.query;
    if (!ctx.get('authorization') && (expires !== undefined || signature !== undefined)) {
      const id = ctx.params.file_id ?? '';
      if (typeof expires !== 'string' || typeof signature !== 'string' || !deps.fileLinks.verify(id, expires, signature)) {
        throw new ApiError('file_not_found', 'This signed link is not valid, or it has expired; extract the page again for a fresh one');
      }
      ctx.state.signedFor = id;
      return next();
    }
    return keyed(ctx, next);
  };
}

/** GET /files/{file_id}: a stored screenshot, to its account's keys or through its signed link. */
export function fileRoutes(deps: AppDeps): Router<FileState> {
  const router = new Router<FileState>();
  router.get('/files/:file_id', keyOrSignedLink(deps), async (ctx) => {
    const id = ctx.params.file_id ?? '';
    const file: StoredFileRow | undefined = await findLiveFile(deps.db, id);
    // A job's screenshot lives as long as the job's results.
    if (!file || (file.jobId !== null && !(await jobResultsKept(deps.db, file.jobId)))) throw new ApiError('file_not_found', `No file ${id}, or its lifetime has passed`);
    if (ctx.state.signedFor !== id && file.accountId !== authOf(ctx.state).accountId) {
      throw new ApiError('forbidden', 'This file belongs to another account');
    }
    // A job's file may outlive its nominal date (its job decides), so caches keep it no longer than that date either way.
    const secondsLeft = Math.max(0, Math.floor((file.expiresAt.getTime() - Date.now()) / 1000));
    ctx.set('Cache-Control', `private, max-age=${secondsLeft}`);
    ctx.set('Content-Disposition', `inline; filename="${file.id}.${file.contentType === 'image/png' ? 'png' : 'jpg'}"`);
    ctx.set('X-Image-Width', String(file.width));
    ctx.set('X-Image-Height', String(file.height));
    ctx.type = file.contentType;
    ctx.body = Buffer.from(file.bytes);
  });
  return router;
}

import compose from 'koa-compose';
import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { AppDeps, PithState } from '../state.js';
import { authOf } from '../middleware/auth.js';
import { meterCall, metered, protect } from '../middleware/protect.js';
import { parseOrThrow } from '../../contract/parse.js';
import { jobListQuery, jobReadQuery } from '../../contract/requests.js';
import { ApiError } from '../../contract/errors.js';
import { decodeCursor, readJob, type JobReader, type ResultsPage } from '../../jobs/read.js';
import { listJobs } from '../../jobs/list.js';
import type { Scope } from '../../contract/vocabulary.js';

type JobReadState = PithState & { jobToken?: string };

/**
 * A key (with `scope`, rate-limited and metered) or, on the kind-specific reads, `X-Job-Token` alone:
 * the pay-per-request poll with no key and no second payment. A request that sends both is read with
 * the key.
 */
function keyOrJobToken(deps: AppDeps, scope: Scope): Middleware<JobReadState> {
  const keyed = compose([...protect(deps, scope), metered(deps, { neverRefuse: true })] as Middleware<JobReadState>[]);
  return async (ctx, next) => {
    const token = ctx.get('x-job-token');
    if (token && !ctx.get('authorization')) {
      ctx.state.jobToken = token;
      return next();
    }
    return keyed(ctx, next);
  };
}

function pageOf(query: unknown): ResultsPage {
  const parsed = parseOrThrow(jobReadQuery, query, 'query');
  if (parsed.cursor === undefined) return { limit: parsed.limit, after: 0 };
  const after = decodeCursor(parsed.cursor);
  if (after === null) throw new ApiError('invalid_request', 'cursor: must be a next_cursor from a previous page');
  return { limit: parsed.limit, after };
}

const readerOf = (state: JobReadState): JobReader => (state.jobToken !== undefined ? { jobToken: state.jobToken } : { accountId: authOf(state).accountId });

/** GET /bulk/{id}, GET /crawl/{id} (their scopes, or X-Job-Token), GET /jobs/{id} and GET /jobs (any key, either kind). */
export function jobReadRoutes(deps: AppDeps): Router<JobReadState> {
  const router = new Router<JobReadState>();
  for (const kind of ['bulk', 'crawl'] as const) {
    router.get(`/${kind}/:job_id`, keyOrJobToken(deps, kind), async (ctx) => {
      ctx.body = await readJob(deps, ctx.params.job_id ?? '', readerOf(ctx.state), kind, pageOf(ctx.query));
    });
  }
  router.get('/jobs/:job_id', ...(protect(deps) as Middleware<JobReadState>[]), metered(deps, { neverRefuse: true }) as Middleware<JobReadState>, async (ctx) => {
    ctx.body = await readJob(deps, ctx.params.job_id ?? '', readerOf(ctx.state), undefined, pageOf(ctx.query));
  });
  // Metered once the query passed (a refused one is not), and like the reads never refused for quota.
  router.get('/jobs', ...(protect(deps) as Middleware<JobReadState>[]), async (ctx) => {
    const query = parseOrThrow(jobListQuery, ctx.query, 'query');
    const page = await listJobs(deps.db, authOf(ctx.state).accountId, query);
    await meterCall(deps, ctx, 1, true);
    ctx.body = page;
  });
  return router;
}

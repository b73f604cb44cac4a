import Router from '@koa/router';
import type { AppDeps, PithState } from '../state.js';
import { authOf } from '../auth.js';
import { protect } from '../guard.js';
import { parseOrThrow } from '../validate.js';
import { crawlBody } from '../schemas.js';
import { ApiError } from '../../errors.js';
import { limitsOf } from '../../plans.js';
import { submitJob } from '../../services/jobs.js';
import { assertUrlsAllowed, tighten } from '../../services/policy.js';
import { normalizeCrawlUrl } from '../../crawl/normalize-url.js';
import { assertSubmittedUrlsFetchable, submissionExtras } from './job-submission.js';

/**
 * POST /crawl: Pro and above (403 `plan_not_supported`, checked before the body so a Free caller learns
 * what to change first), depth capped by plan (422), the page limit lowered to the plan's cap, the start
 * URL checked like a bulk URL; meters the start page now and every further page as it is fetched.
 */
export function crawlRoutes(deps: AppDeps): Router<PithState> {
  const router = new Router<PithState>();
  router.post('/crawl', ...protect(deps, 'crawl'), async (ctx) => {
    const actor = authOf(ctx.state);
    const limits = limitsOf(actor.plan);
    if (limits.crawlDepth === null || limits.crawlPagesPerJob === null) {
      throw new ApiError('plan_not_supported', `Crawling needs the Pro, Growth or Enterprise plan; this account is on ${actor.plan}`);
    }
    const body = parseOrThrow(crawlBody, ctx.request.body);
    if (body.depth > limits.crawlDepth) {
      throw new ApiError('crawl_depth_exceeded', `depth: ${body.depth} requested; the ${actor.plan} plan allows at most ${limits.crawlDepth}`);
    }
    assertSubmittedUrlsFetchable(deps, [body.url], 'url');
    const policy = tighten(actor.policy, body);
    assertUrlsAllowed(policy, [body.url], 'url');
    const extras = await submissionExtras(deps, ctx, body);
    const startUrl = normalizeCrawlUrl(body.url) ?? body.url;
    ctx.body = await submitJob(deps, actor, {
      kind: 'crawl',
      input: {
        startUrl,
        depth: body.depth,
        limit: Math.min(body.limit, limits.crawlPagesPerJob),
        robots: policy.respectRobots,
        scope: {
          startUrl,
          allowSubdomains: body.allow_subdomains,
          includePatterns: body.include_patterns ?? [],
          excludePatterns: body.exclude_patterns ?? [],
          allowDomains: policy.allowDomains,
          denyPatterns: policy.denyPatterns,
        },
      },
      webhook_url: body.webhook_url,
      webhook_include_results: body.webhook_include_results,
      ...extras,
    });
  });
  return router;
}

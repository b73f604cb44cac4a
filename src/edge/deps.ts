import type { Client } from '@temporalio/client';
import type { Config } from '../config/config.js';
import type { Db } from '../db/prisma.js';
import type { ExtractionServices } from '../extraction/services.js';
import { RateLimits } from './middleware/rate-limits.js';
import { RequestLogWriter } from '../accounts/request-log.js';
import { requireDatabaseUrl, requireWebhookEncryptionKey } from '../config/runtime-env.js';
import { FileLinkSigner } from '../files/signed-links.js';
import { SecretBox } from '../accounts/webhook-secret.js';
import type { AppDeps } from './state.js';
import { startJobStarter } from '../jobs/outbox.js';
import { JobInsertGroups } from '../jobs/insert-groups.js';
import { PaymentGate, paymentTermsOf } from '../payments/gate.js';
import { ChallengeLimiter } from '../payments/challenge-limit.js';
import { log } from '../observability/logger.js';
import { countJobsWith } from '../observability/metrics.js';
import { RecentCacheEntries } from '../cache/recent-entries.js';
import { countJobsByKindAndStatus } from '../jobs/store/index.js';

/** Everything an API process holds, and how to let go of it at shutdown. */
export function createApiDeps(cfg: Config, db: Db, temporal: Client, extraction?: Pick<ExtractionServices, 'renderer' | 'extractor'>): AppDeps & { close(): Promise<void> } {
  const limits = new RateLimits({
    databaseUrl: cfg.RATE_LIMIT_DATABASE_URL ?? requireDatabaseUrl(cfg),
    registrationsPerHour: cfg.REGISTER_LIMIT_PER_HOUR,
    onStoreError: (err) => {
      log().warn({ err: String(err) }, 'rate limiter store error');
    },
  });
  const requestLog = new RequestLogWriter(db);
  const terms = paymentTermsOf(cfg);
  const payments = terms
    ? {
        gate: new PaymentGate(terms),
        challenges: new ChallengeLimiter(cfg.RATE_LIMIT_DATABASE_URL ?? requireDatabaseUrl(cfg), cfg.X402_CHALLENGES_PER_MINUTE, (err) => {
          log().warn({ err: String(err) }, 'challenge limiter store error');
        }),
      }
    : undefined;
  const secrets = new SecretBox(requireWebhookEncryptionKey(cfg));
  const jobStarter = startJobStarter({ db, temporal, cfg }, (msg, extra) => log().warn(extra, msg));
  countJobsWith(() => countJobsByKindAndStatus(db));
  return {
    cfg,
    db,
    temporal,
    limits,
    requestLog,
    secrets,
    jobInserts: new JobInsertGroups(db, secrets),
    fileLinks: new FileLinkSigner(requireWebhookEncryptionKey(cfg), cfg.BASE_URL),
    recentCacheEntries: new RecentCacheEntries(cfg.CACHE_RECENT_SECONDS * 1000, cfg.CACHE_RECENT_MAX_BYTES),
    ...(payments ? { payments } : {}),
    ...(extraction ? { renderer: extraction.renderer, extractor: extraction.extractor } : {}),
    async close() {
      await jobStarter.stop();
      await requestLog.flush();
      await limits.close();
      await payments?.challenges.close();
    },
  };
}

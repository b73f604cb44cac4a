import type { JobInsertGroups } from '../jobs/insert-groups.js';
import type { Client } from '@temporalio/client';
import type { RecentCacheEntries } from '../cache/recent-entries.js';
import type { Config } from '../config/config.js';
import type { Db } from '../db/prisma.js';
import type { BrowserPool } from '../extraction/render/index.js';
import type { HtmlExtractor } from '../extraction/threads/thread-pool.js';
import type { RateLimits } from './middleware/rate-limits.js';
import type { RequestLogWriter } from '../accounts/request-log.js';
import type { SecretBox } from '../accounts/webhook-secret.js';
import type { PaymentGate } from '../payments/gate.js';
import type { PaidRequest } from '../payments/paid-request.js';
import type { ChallengeLimiter } from '../payments/challenge-limit.js';
import type { FileLinkSigner } from '../files/signed-links.js';
import type { AuthState } from '../accounts/caller.js';


/** What every route handler can reach: configuration and the shared clients. */
export interface AppDeps {
  cfg: Config;
  db: Db;
  temporal: Client;
  /** Chromium for render_js; absent → `js_rendering_unavailable`. */
  renderer?: BrowserPool;
  /** Worker threads for extraction; absent → the request's own thread. */
  extractor?: HtmlExtractor;
  limits: RateLimits;
  requestLog: RequestLogWriter;
  secrets: SecretBox;
  /** Writes concurrent job submissions of one account together (absent: each alone). */
  jobInserts?: JobInsertGroups;
  /** Signs the keyless links of stored files (screenshots). */
  fileLinks: FileLinkSigner;
  /** Content-cache entries this process used lately (`max_age` hits without a database read). */
  recentCacheEntries?: RecentCacheEntries;
  /** x402 pay-per-request; absent when no facilitator is configured (keyless requests are then 401). */
  payments?: { gate: PaymentGate; challenges: ChallengeLimiter };
}

/** Set by the auth middleware on authenticated routes. */
export interface PithState {
  /** X-Request-Id of this request (the caller's, when sane, or generated). */
  requestId?: string;
  auth?: AuthState;
  /** A verified x402 payment for this request, settled by `charge` once the request passed every refusal. */
  payment?: PaidRequest;
}

import pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from '../../contract/errors.js';
import { PLAN_NAMES, limitsOf, type PlanName } from '../../contract/plans.js';
import { timePhase } from '../../observability/phases.js';

export interface RateLimitOptions {
  /** PostgreSQL shared by every API instance (rate-limiter-flexible's store, table `rate_limits`). */
  databaseUrl: string;
  registrationsPerHour: number;
  /** Called when the store fails; per-second limits then let the request through (availability first). */
  onStoreError?: (err: unknown) => void;
}

/**
 * Per-second request limits per account (all its keys together) and the registration limit per IP,
 * on rate-limiter-flexible's PostgreSQL store so that every API instance shares the counters.
 */
export class RateLimits {
  private readonly pool: pg.Pool;
  private readonly perSecond = new Map<PlanName, RateLimiterPostgres>();
  private readonly registrations: RateLimiterPostgres;

  constructor(private readonly options: RateLimitOptions) {
    this.pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 5,
      connectionTimeoutMillis: 2000,
      // Counters of one-second windows need no disk flush per request: without this every consume
      // waits for a WAL flush (an fsync: tens of ms under load). A database crash can forget the last
      // fraction of a second of counts (the WAL writer flushes within ~200 ms), nothing else.
      onConnect: async (client: pg.ClientBase) => {
        await client.query('SET synchronous_commit = off');
      },
    });
    this.pool.on('error', (err) => options.onStoreError?.(err)); // idle-client errors must not crash the API
    const common = { storeClient: this.pool, tableName: 'rate_limits', tableCreated: true };
    for (const plan of PLAN_NAMES) {
      const rps = limitsOf(plan).requestsPerSecond;
      if (rps !== null) this.perSecond.set(plan, new RateLimiterPostgres({ ...common, keyPrefix: `rps-${plan}`, points: rps, duration: 1 }));
    }
    this.registrations = new RateLimiterPostgres({ ...common, keyPrefix: 'register', points: options.registrationsPerHour, duration: 3600 });
  }

  /** 429 `rate_limit_too_fast` with the exact window in `Retry-After-Ms`. */
  async consumeRequest(accountId: string, plan: string): Promise<void> {
    const limiter = this.perSecond.get(plan as PlanName);
    if (!limiter) return; // enterprise: unlimited
    try {
      await timePhase('rate-limit', () => limiter.consume(accountId));
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        const ms = Math.max(1, rejection.msBeforeNext);
        throw new ApiError('rate_limit_too_fast', `More than ${limitsOf(plan).requestsPerSecond} requests per second on the ${plan} plan`, Math.ceil(ms / 1000), {
          'Retry-After-Ms': String(ms),
        });
      }
      this.options.onStoreError?.(rejection);
    }
  }

  /** 429 `register_rate_limited` with `Retry-After`; 503 `service_unavailable` when the store is down (fails closed). */
  async consumeRegistration(ip: string): Promise<void> {
    try {
      await this.registrations.consume(ip);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        throw new ApiError('register_rate_limited', `At most ${this.options.registrationsPerHour} registrations per hour from one address`, seconds, {
          'Retry-After': String(seconds),
        });
      }
      this.options.onStoreError?.(rejection);
      throw new ApiError('service_unavailable', 'Registration is unavailable right now (its rate limiter cannot be reached); retry shortly');
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

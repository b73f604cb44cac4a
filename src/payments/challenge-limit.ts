import pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from '../contract/errors.js';

/**
 * Unpaid payment challenges per client IP (429 `challenge_rate_limited`), on rate-limiter-flexible's
 * PostgreSQL store so every API instance shares the count. A challenge costs Pith little, so when the
 * store is down the challenge is answered anyway (availability first) and the failure reported.
 */
export class ChallengeLimiter {
  private readonly pool: pg.Pool;
  private readonly limiter: RateLimiterPostgres;

  constructor(databaseUrl: string, private readonly perMinute: number, private readonly onStoreError: (err: unknown) => void = () => {}) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 2, connectionTimeoutMillis: 2000 });
    this.pool.on('error', (err) => onStoreError(err));
    this.limiter = new RateLimiterPostgres({ storeClient: this.pool, tableName: 'rate_limits', tableCreated: true, keyPrefix: 'x402-challenge', points: perMinute, duration: 60 });
  }

  async consume(ip: string): Promise<void> {
    try {
      await this.limiter.consume(ip);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        throw new ApiError('challenge_rate_limited', `More than ${this.perMinute} unpaid payment challenges per minute from this address; pay a challenge you already have, or wait`, seconds, {
          'Retry-After': String(seconds),
        });
      }
      this.onStoreError(rejection);
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

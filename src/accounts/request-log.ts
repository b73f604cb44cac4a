import type { Prisma } from '@prisma/client';
import { pgPoolOf, type Db } from '../db/prisma.js';

export interface RequestLogEntry {
  accountId: string;
  keyId: string | null;
  method: string;
  endpoint: string;
  url: string;
  status: number;
  latencyMs: number;
  createdAt: Date;
}

/**
 * Request logs written in batches off the request path: entries queue in memory and are inserted
 * every `flushMs` or every `batchSize` entries, whichever comes first. A failed insert is retried with
 * the next batch (bounded), so a database hiccup does not lose the log or slow requests.
 */
export class RequestLogWriter {
  private queue: RequestLogEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly flushMs = 250,
    private readonly batchSize = 500,
    private readonly maxQueued = 50_000,
  ) {}

  record(entry: RequestLogEntry): void {
    if (this.queue.length >= this.maxQueued) this.queue.shift(); // memory stays bounded if the database is gone for long
    this.queue.push(entry);
    if (this.queue.length >= this.batchSize) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.flushMs).unref();
  }

  /** Writes everything queued so far (awaited at shutdown and by tests). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.flushing = this.flushing.then(async () => {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.batchSize);
        try {
          await insertBatch(this.db, batch);
        } catch {
          this.queue.unshift(...batch);
          this.timer ??= setTimeout(() => void this.flush(), 1000).unref();
          return;
        }
      }
    });
    return this.flushing;
  }
}

const INSERT_BATCH_SQL = `
  INSERT INTO request_logs (account_id, key_id, method, endpoint, url, status, latency_ms, created_at)
  SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[], $8::timestamptz[])`;

/**
 * One INSERT per batch with a column array per field (one statement whatever the batch size, and no
 * per-row work in Prisma's query layer, which would block the event loop for milliseconds per batch).
 */
async function insertBatch(db: Db, batch: RequestLogEntry[]): Promise<void> {
  const pool = pgPoolOf(db);
  if (!pool) {
    await db.requestLog.createMany({ data: batch });
    return;
  }
  const columns: [string[], (string | null)[], string[], string[], string[], number[], number[], Date[]] = [[], [], [], [], [], [], [], []];
  for (const entry of batch) {
    columns[0].push(entry.accountId);
    columns[1].push(entry.keyId);
    columns[2].push(entry.method);
    columns[3].push(entry.endpoint);
    columns[4].push(entry.url);
    columns[5].push(entry.status);
    columns[6].push(entry.latencyMs);
    columns[7].push(entry.createdAt);
  }
  await pool.query({ name: 'pith-request-log-batch', text: INSERT_BATCH_SQL, values: columns });
}

export interface LogPage {
  data: { id: string; at: string; method: string; endpoint: string; url: string; status: number; latency_ms: number; key_id: string | null }[];
  next_cursor: string | null;
}

export const LOG_RETENTION_DAYS = 30;

export interface LogFilters {
  /** Exact, as logged: `POST /extract`, `GET /jobs/{job_id}`. */
  endpoint?: string | undefined;
  /** An exact status (`404`) or a class (`4xx`). */
  status?: string | undefined;
  keyId?: string | undefined;
}

/** `404` → exactly 404; `4xx` → 400–499. */
function statusFilter(status: string): Prisma.IntFilter | number {
  const [head] = status;
  return status.endsWith('xx') ? { gte: Number(head) * 100, lt: (Number(head) + 1) * 100 } : Number(status);
}

/**
 * GET /logs: the account's own requests, newest first, 30 days, cursor = the last id seen. The filters
 * narrow every page alike, so a cursor read with the same filters goes on where the last page ended.
 */
export async function readLogs(db: Db, accountId: string, limit: number, cursor: string | undefined, filters: LogFilters = {}): Promise<LogPage> {
  const since = new Date(Date.now() - LOG_RETENTION_DAYS * 24 * 3600 * 1000);
  const rows = await db.requestLog.findMany({
    where: {
      accountId,
      createdAt: { gte: since },
      ...(cursor ? { id: { lt: BigInt(cursor) } } : {}),
      ...(filters.endpoint !== undefined ? { endpoint: filters.endpoint } : {}),
      ...(filters.status !== undefined ? { status: statusFilter(filters.status) } : {}),
      ...(filters.keyId !== undefined ? { keyId: filters.keyId } : {}),
    },
    orderBy: { id: 'desc' },
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  return {
    data: page.map((row) => ({
      id: row.id.toString(),
      at: row.createdAt.toISOString(),
      method: row.method,
      endpoint: row.endpoint,
      url: row.url,
      status: row.status,
      latency_ms: row.latencyMs,
      key_id: row.keyId,
    })),
    next_cursor: rows.length > limit ? (page.at(-1)?.id.toString() ?? null) : null,
  };
}

import type { Db } from '../db/prisma.js';
import { storeUrlOutcomes, type StoredOutcomeRow } from './store/index.js';

export interface ResultWriterLimits {
  /** Longest a finished URL waits for its write: the pace at which a job's progress moves. */
  flushMs: number;
  /** Rows waiting that start a write at once. */
  maxRows: number;
}

interface Pending {
  row: StoredOutcomeRow;
  settle: { resolve: (inserted: boolean) => void; reject: (err: unknown) => void };
}

/**
 * The bulk results a worker's activities finish, stored together: every `flushMs` (or `maxRows`) one
 * statement per job takes whatever has finished, instead of one statement and one commit per URL. A URL's
 * `store` resolves once its row is durable (true: this write inserted it; false: it was already stored),
 * so an activity reports its batch done only after every row of it is; a failed write rejects the rows
 * it carried, and their activity fails and is retried (it skips what is stored).
 */
export class ResultWriter {
  private queue = new Map<string, Pending[]>();
  private queued = 0;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly limits: ResultWriterLimits,
  ) {}

  store(jobId: string, row: StoredOutcomeRow): Promise<boolean> {
    return new Promise((resolve, reject) => {
      const rows = this.queue.get(jobId) ?? [];
      rows.push({ row, settle: { resolve, reject } });
      this.queue.set(jobId, rows);
      this.queued++;
      if (this.queued >= this.limits.maxRows) this.flushSoon(0);
      else this.flushSoon(this.limits.flushMs);
    });
  }

  /** Writes everything waiting now (a worker shutting down). */
  async drain(): Promise<void> {
    while (this.queued > 0 || this.writing) {
      if (this.writing) await this.writing;
      else await this.flush();
    }
  }

  private flushSoon(delayMs: number): void {
    if (this.writing) return; // the running write schedules the next one when it ends
    if (this.timer && delayMs > 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), delayMs);
  }

  private flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue;
    this.queue = new Map();
    this.queued = 0;
    this.writing = Promise.all([...batch].map(([jobId, rows]) => this.write(jobId, rows))).then(() => {
      this.writing = undefined;
      if (this.queued > 0) this.flushSoon(this.queued >= this.limits.maxRows ? 0 : this.limits.flushMs);
    });
    return this.writing;
  }

  private async write(jobId: string, rows: Pending[]): Promise<void> {
    try {
      const inserted = new Set(await storeUrlOutcomes(this.db, jobId, rows.map((p) => p.row)));
      // A position sent twice (a duplicated attempt) was inserted once: the first to ask gets it.
      for (const { row, settle } of rows) settle.resolve(inserted.delete(row.position));
    } catch (err) {
      for (const { settle } of rows) settle.reject(err);
    }
  }
}

import type { Db } from '../db/prisma.js';
import type { SecretBox } from '../accounts/webhook-secret.js';
import { quotaPeriod } from '../accounts/metering.js';
import { insertJob, insertJobs, type JobRow } from './store/index.js';

/** Most jobs one statement writes (a bulk job's input holds up to 1,000 URLs). */
const MAX_GROUP = 32;

interface Waiting {
  row: JobRow;
  resolve: (created: { signingSecret: string | null }) => void;
  reject: (err: unknown) => void;
}

/**
 * Submissions of one account meet at its usage counter row: each statement that reserves requests
 * holds that row's lock until its commit is flushed to disk, so twenty submitters of one account used to
 * wait in line for twenty commits (POST /bulk p99 ~390 ms in `npm run bench:bulk`). Here, while one
 * statement of an account runs, the account's next submissions wait together and then go as ONE
 * statement (insertJobs): one lock, one commit for all of them. A submission alone goes at once. When
 * the group's statement fails (the allowance cannot cover them all, an Idempotency-Key is taken), each
 * job is tried alone, so every caller gets the answer it would have had by itself.
 */
export class JobInsertGroups {
  private readonly queues = new Map<string, Waiting[]>();

  constructor(
    private readonly db: Db,
    private readonly secrets: SecretBox | null,
  ) {}

  insert(row: JobRow): Promise<{ signingSecret: string | null }> {
    // One group per account, plan and month: a group reserves against one counter row under one allowance.
    const { accountId, plan, job } = row;
    const key = `${accountId} ${plan} ${quotaPeriod(job.createdAt).start.toISOString()}`;
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(key);
      if (queue) return void queue.push({ row, resolve, reject });
      this.queues.set(key, []);
      void this.run(key, [{ row, resolve, reject }]);
    });
  }

  /** Writes `group`, then whatever of the account arrived meanwhile, until nothing waits. */
  private async run(key: string, group: Waiting[]): Promise<void> {
    for (let next = group; next.length > 0; ) {
      await this.write(next);
      const queue = this.queues.get(key) ?? [];
      next = queue.splice(0, MAX_GROUP);
      if (next.length === 0) this.queues.delete(key);
    }
  }

  private async write(group: Waiting[]): Promise<void> {
    if (group.length > 1) {
      try {
        const created = await insertJobs(this.db, this.secrets, group.map((w) => w.row));
        group.forEach((w, i) => w.resolve(created[i] as { signingSecret: string | null }));
        return;
      } catch {
        // Each job's own answer, one by one (below).
      }
    }
    for (const waiting of group) {
      await insertJob(this.db, this.secrets, waiting.row).then(waiting.resolve, waiting.reject);
    }
  }
}

import type { Db } from '../src/db/prisma.js';
import { purgeExpiredSearchDocuments } from '../src/search/purge-expired.js';
import { purgeExpiredFiles } from '../src/files/file-store.js';
import { purgeExpiredCacheEntries } from '../src/cache/page-cache-store.js';
import { purgeOldSnapshots } from '../src/changes/snapshot-store.js';
import { deleteOldRuns } from '../src/watches/watch-store.js';
import { log } from '../src/observability/logger.js';
import { deleteExpiredJobs } from '../src/jobs/store/index.js';
import type { JobActivities } from '../workflows/activities.js';

const BATCH = 500;

export function createExpiryActivities({ db }: { db: Db }): Pick<JobActivities, 'deleteExpiredJobs'> {
  return {
    /** Deletes finished jobs past their lifetime, in batches (results and crawl URLs cascade). */
    async deleteExpiredJobs(): Promise<{ deleted: number }> {
      // The search index has its own retention (SEARCH_INDEX_RETENTION_HOURS); the same sweep purges it.
      await purgeExpiredSearchDocuments(db);
      // Stored screenshots live as long as job results, and go with the same sweep.
      await purgeExpiredFiles(db);
      // The content cache keeps entries CACHE_RETENTION_SECONDS; the same sweep drops older ones.
      await purgeExpiredCacheEntries(db);
      // Change tracking forgets a page's last version CHANGE_LIMITS.retentionDays after it was last seen.
      await purgeOldSnapshots(db);
      // A watch's run records are kept WATCH_LIMITS.runRetentionDays.
      await deleteOldRuns(db);
      let deleted = 0;
      for (;;) {
        const count = await deleteExpiredJobs(db, BATCH);
        deleted += count;
        if (count < BATCH) {
          if (deleted > 0) log().info({ deleted }, 'expired jobs deleted');
          return { deleted };
        }
      }
    },
  };
}

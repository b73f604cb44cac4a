import type { Db } from '../src/db/prisma.js';
import { jobPageSettings, type JobPageSettings } from '../src/jobs/store/index.js';

/** Page settings of the bulk jobs this worker runs: they never change, and every URL of a job needs them. */
const SETTINGS_CACHED = 256;

/** A job's page settings, read once per worker (null: the job is gone). */
export function jobSettingsCache(db: Db): (jobId: string) => Promise<JobPageSettings | null> {
  const settings = new Map<string, JobPageSettings>();
  return async (jobId) => {
    const cached = settings.get(jobId);
    if (cached) return cached;
    const read = await jobPageSettings(db, jobId);
    if (read) {
      if (settings.size >= SETTINGS_CACHED) settings.delete(settings.keys().next().value as string);
      settings.set(jobId, read);
    }
    return read;
  };
}

import { useEffect, useState } from 'preact/hooks';
import { API_BASE, useSession } from './session';
import { followJob, type JobProgressEvent } from './sse';

export const FINISHED_STATUSES = new Set(['done', 'failed', 'cancelled']);

/**
 * Live progress of one job from its event stream, while `follow` is true (the job is not finished yet).
 * `onDone` runs once when the job finishes, e.g. to load its results. The stream stops when the page
 * leaves (the request is aborted, so the server stops watching the job too).
 */
export function useJobProgress(jobId: string, follow: boolean, onDone?: () => void): { progress: JobProgressEvent | null; error: unknown } {
  const { apiKey } = useSession();
  const [progress, setProgress] = useState<JobProgressEvent | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (!follow || !apiKey) return undefined;
    const abort = new AbortController();
    followJob(API_BASE, apiKey, jobId, (event, done) => {
      setProgress(event);
      if (done) onDone?.();
    }, abort.signal).catch((err: unknown) => {
      if (!abort.signal.aborted) setError(err);
    });
    return () => abort.abort();
  }, [jobId, follow, apiKey]);
  return { progress, error };
}

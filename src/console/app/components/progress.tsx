/** A job's progress: the native <progress> element (announced as a progress bar), with the numbers in words beside it. */
export function JobProgress({ completed, total, status, failed }: { completed: number; total: number; status: string; failed?: number | undefined }) {
  const label = `${completed} of ${total} done${failed ? `, ${failed} failed` : ''}`;
  return (
    <div class="job-progress">
      <progress max={Math.max(1, total)} value={completed} aria-label={`Job progress: ${label}`} />
      <span class="job-progress-text">
        {label} <StatusBadge status={status} />
      </span>
    </div>
  );
}

export function StatusBadge({ status }: { status: string }) {
  return <span class={`badge badge-${status}`}>{status}</span>;
}

import { useState } from 'preact/hooks';
import { useSession } from '../session';
import { useAction, useApi } from '../use-api';
import { linkTo, navigate } from '../router';
import { formatTime, listOf } from '../format';
import { ErrorNotice } from '../components/error-notice';
import { JobProgress } from '../components/progress';
import { FINISHED_STATUSES, useJobProgress } from '../use-job-progress';
import { Pager, useCursorPages } from '../components/pager';
import type { JobListQuery, JobSummary } from '../../../../clients/typescript/src/client';

/** Browsers open at most six connections per host: a few live rows, and the rest of the page still loads. */
const LIVE_ROWS = 3;
const PAGE_SIZE = 20;

function JobRow({ job, live }: { job: JobSummary; live: boolean }) {
  const { progress } = useJobProgress(job.job_id, live && !FINISHED_STATUSES.has(job.status));
  const now = progress ?? job;
  return (
    <tr>
      <td>
        <a href={linkTo('jobs', job.job_id)} class="mono">
          {job.job_id.slice(0, 8)}
        </a>
      </td>
      <td>{job.kind}</td>
      <td class="progress-cell">
        <JobProgress completed={now.completed} total={now.total} status={now.status} failed={now.failed} />
      </td>
      <td>{formatTime(job.created_at)}</td>
    </tr>
  );
}

function NewBulkJob() {
  const { client } = useSession();
  const [urls, setUrls] = useState('');
  const [webhookUrl, setWebhookUrl] = useState('');
  const submit = useAction(async () => {
    const list = listOf(urls);
    if (list.length === 0) throw new Error('urls: enter at least one URL, one per line');
    const job = await client.bulk({ urls: list, ...(webhookUrl.trim() ? { webhook_url: webhookUrl.trim() } : {}) });
    navigate('jobs', job.job_id);
  });
  return (
    <details class="card">
      <summary>Start a bulk job</summary>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit.run();
        }}
      >
        <label for="bulk-urls">URLs, one per line</label>
        <textarea id="bulk-urls" rows={5} required value={urls} onInput={(event) => setUrls(event.currentTarget.value)} placeholder={'https://example.com/a\nhttps://example.com/b'} />
        <label for="bulk-webhook">Completion webhook URL (optional)</label>
        <input id="bulk-webhook" type="url" value={webhookUrl} onInput={(event) => setWebhookUrl(event.currentTarget.value)} placeholder="https://example.com/hooks/pith" />
        <button type="submit" disabled={submit.pending}>
          {submit.pending ? 'Submitting…' : 'Submit bulk job'}
        </button>
      </form>
      <ErrorNotice error={submit.error} />
    </details>
  );
}

export function JobsPage() {
  const { client } = useSession();
  const [kind, setKind] = useState('');
  const [status, setStatus] = useState('');
  const pages = useCursorPages();
  const cursor = pages.cursor;
  const page = useApi(
    () => client.jobs.page({ limit: PAGE_SIZE, ...(kind ? { kind: kind as JobListQuery['kind'] } : {}), ...(status ? { status: status as JobListQuery['status'] } : {}), ...(cursor ? { cursor } : {}) }),
    [client, kind, status, cursor],
  );
  const resetTo = (apply: () => void) => {
    apply();
    pages.reset();
  };
  const liveIds = new Set((page.data?.data ?? []).filter((job) => !FINISHED_STATUSES.has(job.status)).slice(0, LIVE_ROWS).map((job) => job.job_id));

  return (
    <>
      <h1 tabIndex={-1}>Jobs</h1>
      <NewBulkJob />
      <div class="filters" role="group" aria-label="Filter jobs">
        <div>
          <label for="job-kind">Kind</label>
          <select id="job-kind" value={kind} onChange={(event) => resetTo(() => setKind(event.currentTarget.value))}>
            <option value="">All</option>
            <option value="bulk">Bulk</option>
            <option value="crawl">Crawl</option>
          </select>
        </div>
        <div>
          <label for="job-status">Status</label>
          <select id="job-status" value={status} onChange={(event) => resetTo(() => setStatus(event.currentTarget.value))}>
            <option value="">All</option>
            {['queued', 'running', 'done', 'failed', 'cancelled'].map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
        <button type="button" class="button-secondary" onClick={page.reload}>
          Refresh
        </button>
      </div>
      <ErrorNotice error={page.error} />
      {page.data && page.data.data.length === 0 ? <p>No jobs yet{kind || status ? ' with these filters' : ''}. Jobs are kept 6 hours after they finish.</p> : null}
      {page.data && page.data.data.length > 0 ? (
        <div class="table-scroll">
          <table class="jobs-table">
            <caption class="visually-hidden">Your bulk and crawl jobs, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Job</th>
                <th scope="col">Kind</th>
                <th scope="col">Progress</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {page.data.data.map((job) => (
                <JobRow key={job.job_id} job={job} live={liveIds.has(job.job_id)} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager pages={pages} next={page.data?.next_cursor} label="Job pages" earlier="Newer" later="Older" />
    </>
  );
}

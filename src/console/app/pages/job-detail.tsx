import { useState } from 'preact/hooks';
import type { ExtractResponse, Job, ResultEntry, WebhookDelivery } from '../../../../clients/typescript/src/client';
import { useSession } from '../session';
import { useAction, useApi } from '../use-api';
import { linkTo } from '../router';
import { formatTime, relativeTime } from '../format';
import { ErrorNotice } from '../components/error-notice';
import { JobProgress, StatusBadge } from '../components/progress';
import { FINISHED_STATUSES, useJobProgress } from '../use-job-progress';
import { ResultView } from './result-view';
import { Pager, useCursorPages } from '../components/pager';

const RESULTS_PAGE = 10;

function ResultRow({ entry, position }: { entry: ResultEntry; position: number }) {
  const [open, setOpen] = useState(false);
  if ('error_code' in entry) {
    return (
      <li class="result-row result-failed">
        <span class="mono">{position}.</span> <span class="url">{entry.url}</span>
        <p>
          <span class="badge badge-failed">{entry.error_code}</span> {entry.error}
        </p>
      </li>
    );
  }
  const page = entry as ExtractResponse;
  return (
    <li class="result-row">
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>
          <span class="mono">{position}.</span> <span class="url">{page.url}</span> <span class="badge badge-done">ok</span>
          {page.metadata?.title ? <span class="muted"> — {page.metadata.title}</span> : null}
        </summary>
        {open ? <ResultView result={page} /> : null}
      </details>
    </li>
  );
}

/** `version` changes when the job finishes: its completion delivery appears then. */
function Deliveries({ jobId, version }: { jobId: string; version: number }) {
  const { client } = useSession();
  const list = useApi(() => client.request<{ data: WebhookDelivery[]; next_cursor: string | null }>({ method: 'GET', path: '/webhooks/deliveries', query: { job_id: jobId, limit: 50 }, repeatable: true }), [client, jobId, version]);
  const redeliver = useAction(async (id: string) => {
    await client.redeliver(id);
    list.reload();
  });
  return (
    <section aria-labelledby="deliveries-heading">
      <h2 id="deliveries-heading">Webhook deliveries</h2>
      <ErrorNotice error={list.error ?? redeliver.error} />
      {list.data && list.data.data.length === 0 ? <p>No deliveries: the job has no webhook URL, or it has not finished yet.</p> : null}
      {list.data?.data.map((delivery) => (
        <article key={delivery.id} class="card delivery">
          <h3>
            <code>{delivery.event}</code> to <span class="url">{delivery.url}</span> <StatusBadge status={delivery.status} />
          </h3>
          <p class="muted">
            Delivery <span class="mono">{delivery.id}</span>
            {delivery.redelivery_of ? ` (redelivery of ${delivery.redelivery_of.slice(0, 8)})` : ''} · created {formatTime(delivery.created_at)}
            {delivery.next_attempt_at ? ` · next attempt ${formatTime(delivery.next_attempt_at)} (${relativeTime(delivery.next_attempt_at)})` : ''}
          </p>
          <div class="table-scroll">
            <table>
              <caption class="visually-hidden">Attempts of delivery {delivery.id}</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">At</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">Took</th>
                </tr>
              </thead>
              <tbody>
                {delivery.attempts.map((attempt) => (
                  <tr key={attempt.number}>
                    <td>{attempt.number}</td>
                    <td>{formatTime(attempt.at)}</td>
                    <td>{attempt.state === 'succeeded' ? `HTTP ${attempt.status_code ?? ''}` : attempt.state === 'in_flight' ? 'in flight' : (attempt.error ?? 'failed')}</td>
                    <td>{attempt.duration_ms === null ? '—' : `${attempt.duration_ms} ms`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <button type="button" class="button-secondary" disabled={redeliver.pending} onClick={() => redeliver.run(delivery.id)}>
            Redeliver
          </button>
        </article>
      ))}
    </section>
  );
}

export function JobDetailPage({ jobId }: { jobId: string }) {
  const { client } = useSession();
  const pages = useCursorPages();
  const cursor = pages.cursor;
  const job = useApi(() => client.job(jobId, { limit: RESULTS_PAGE, ...(cursor ? { cursor } : {}) }), [client, jobId, cursor]);
  const finished = job.data ? FINISHED_STATUSES.has(job.data.status) : true;
  const [finishedSeen, setFinishedSeen] = useState(0);
  const live = useJobProgress(jobId, Boolean(job.data) && !finished, () => {
    job.reload();
    setFinishedSeen((count) => count + 1);
  });
  const data: Job | undefined = job.data;
  const now = live.progress ?? data;
  const nextCursor = (data as { next_cursor?: string | null } | undefined)?.next_cursor ?? null;
  const firstPosition = pages.depth * RESULTS_PAGE + 1;

  return (
    <>
      <p>
        <a href={linkTo('jobs')}>← All jobs</a>
      </p>
      <h1 tabIndex={-1}>
        Job <span class="mono">{jobId}</span>
      </h1>
      <ErrorNotice error={job.error ?? live.error} />
      {data && now ? (
        <>
          <dl class="facts">
            <div>
              <dt>Kind</dt>
              <dd>{data.kind}</dd>
            </div>
            <div>
              <dt>Created</dt>
              <dd>{formatTime(data.created_at)}</dd>
            </div>
            <div>
              <dt>Finished</dt>
              <dd>{formatTime(data.finished_at)}</dd>
            </div>
            <div>
              <dt>Results kept until</dt>
              <dd>{formatTime(data.expires_at)}</dd>
            </div>
            {'truncated' in data && data.truncated ? (
              <div>
                <dt>Stopped early</dt>
                <dd>{data.truncated_reason}</dd>
              </div>
            ) : null}
          </dl>
          <JobProgress completed={now.completed} total={now.total} status={now.status} failed={now.failed} />
          <section aria-labelledby="results-heading">
            <h2 id="results-heading">Results</h2>
            {data.results.length === 0 ? <p>No results stored yet.</p> : null}
            <ol class="results" start={firstPosition}>
              {data.results.map((entry, index) => (
                <ResultRow key={`${pages.depth}-${index}`} entry={entry as ResultEntry} position={firstPosition + index} />
              ))}
            </ol>
            <Pager pages={pages} next={nextCursor} label="Result pages" earlier="Previous results" later="Next results" />
          </section>
          <Deliveries jobId={jobId} version={finishedSeen} />
        </>
      ) : null}
    </>
  );
}

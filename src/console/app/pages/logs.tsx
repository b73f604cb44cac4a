import { useState } from 'preact/hooks';
import type { LogEntry } from '../../../../clients/typescript/src/client';
import { useSession } from '../session';
import { useApi } from '../use-api';
import { formatTime } from '../format';
import { ErrorNotice } from '../components/error-notice';
import { Pager, useCursorPages } from '../components/pager';

const PAGE_SIZE = 50;
const STATUS_CHOICES = ['2xx', '4xx', '5xx', '200', '201', '202', '400', '401', '402', '403', '404', '409', '422', '429', '500', '503'];

interface Filters {
  endpoint: string;
  status: string;
  keyId: string;
}

export function LogsPage() {
  const { client } = useSession();
  const [draft, setDraft] = useState<Filters>({ endpoint: '', status: '', keyId: '' });
  const [filters, setFilters] = useState<Filters>(draft);
  const pages = useCursorPages();
  const cursor = pages.cursor;
  const logs = useApi(
    () =>
      client.request<{ data: LogEntry[]; next_cursor: string | null }>({
        method: 'GET',
        path: '/logs',
        query: { limit: PAGE_SIZE, cursor, endpoint: filters.endpoint || undefined, status: filters.status || undefined, key_id: filters.keyId || undefined },
        repeatable: true,
      }),
    [client, filters, cursor],
  );
  // Key names for the filter, when this key may list keys (scope `keys`); without it the id is typed.
  const keys = useApi(() => client.keys.list().catch(() => ({ data: [] })), [client]);
  const usage = useApi(() => client.usage().catch(() => null), [client]);
  const endpoints = Object.keys(usage.data?.by_endpoint ?? {});

  return (
    <>
      <h1 tabIndex={-1}>Request log</h1>
      <form
        class="filters"
        aria-label="Filter the request log"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters(draft);
          pages.reset();
        }}
      >
        <div>
          <label for="log-endpoint">Endpoint</label>
          <input id="log-endpoint" list="log-endpoints" placeholder="POST /extract" value={draft.endpoint} onInput={(event) => setDraft({ ...draft, endpoint: event.currentTarget.value })} />
          <datalist id="log-endpoints">
            {endpoints.map((endpoint) => (
              <option key={endpoint} value={endpoint} />
            ))}
          </datalist>
        </div>
        <div>
          <label for="log-status">Status</label>
          <select id="log-status" value={draft.status} onChange={(event) => setDraft({ ...draft, status: event.currentTarget.value })}>
            <option value="">Any</option>
            {STATUS_CHOICES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label for="log-key">Key</label>
          <select id="log-key" value={draft.keyId} onChange={(event) => setDraft({ ...draft, keyId: event.currentTarget.value })}>
            <option value="">Any key</option>
            {(keys.data?.data ?? []).map((key) => (
              <option key={key.id} value={key.id}>
                {key.name ? `${key.name} (${key.id.slice(0, 12)}…)` : key.id}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">Apply filters</button>
      </form>
      <ErrorNotice error={logs.error} />
      {logs.data && logs.data.data.length === 0 ? <p>No requests match. The log keeps 30 days.</p> : null}
      {logs.data && logs.data.data.length > 0 ? (
        <div class="table-scroll">
          <table class="logs-table">
            <caption class="visually-hidden">Requests made with this account's keys, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Endpoint</th>
                <th scope="col">Status</th>
                <th scope="col">Latency</th>
                <th scope="col">URL</th>
                <th scope="col">Key</th>
              </tr>
            </thead>
            <tbody>
              {logs.data.data.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatTime(entry.at)}</td>
                  <td class="mono">{entry.endpoint}</td>
                  <td>
                    <span class={`badge badge-http-${String(entry.status)[0]}xx`}>{entry.status}</span>
                  </td>
                  <td>{Math.round(entry.latency_ms)} ms</td>
                  <td class="url">{entry.url}</td>
                  <td class="mono">{entry.key_id ? `${entry.key_id.slice(0, 12)}…` : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager pages={pages} next={logs.data?.next_cursor} label="Log pages" earlier="Newer" later="Older" />
    </>
  );
}

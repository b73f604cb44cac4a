import { useState } from 'preact/hooks';
import type { ExtractRequest, ExtractResponse } from '../../../../clients/typescript/src/client';
import { API_BASE, useSession } from '../session';
import { useAction } from '../use-api';
import { listOf, formatNumber } from '../format';
import { ErrorNotice } from '../components/error-notice';
import { ResultView } from './result-view';
import { CopyButton } from '../components/copy-button';
import { Tabs } from '../components/tabs';
import { curlSnippet, pythonSnippet, typescriptSnippet } from '../snippets';

const FORMAT_CHOICES = ['markdown', 'blocks', 'chunks', 'metadata', 'metrics', 'links', 'html', 'screenshot', 'screenshot@full_page', 'change_tracking'] as const;
const DEFAULT_FORMATS = new Set<string>(['markdown', 'blocks', 'chunks', 'metadata', 'metrics', 'links']);

interface Options {
  url: string;
  formats: Set<string>;
  chunkTokens: string;
  renderJs: 'false' | 'auto' | 'true';
  maxAge: string;
  includeTags: string;
  excludeTags: string;
  waitFor: string;
  mobile: boolean;
  actions: string;
}

/** Only what the person set: the request (and its snippets) stays as short as the API's defaults allow. */
function requestOf(options: Options): ExtractRequest {
  const body: Record<string, unknown> = { url: options.url.trim(), formats: FORMAT_CHOICES.filter((format) => options.formats.has(format)) };
  if (options.chunkTokens) body.chunk_tokens = Number(options.chunkTokens);
  if (options.renderJs !== 'false') body.render_js = options.renderJs === 'auto' ? 'auto' : true;
  if (options.maxAge) body.max_age = Number(options.maxAge);
  if (options.includeTags.trim()) body.include_tags = listOf(options.includeTags);
  if (options.excludeTags.trim()) body.exclude_tags = listOf(options.excludeTags);
  if (options.waitFor.trim()) body.wait_for = options.waitFor.trim();
  if (options.mobile) body.mobile = true;
  if (options.actions.trim()) {
    try {
      body.actions = JSON.parse(options.actions) as unknown;
    } catch {
      throw new Error('actions: must be a JSON array of actions, e.g. [{"type":"click","selector":"#more"}]');
    }
  }
  return body as unknown as ExtractRequest;
}

export function PlaygroundPage() {
  const { client } = useSession();
  const [options, setOptions] = useState<Options>({ url: '', formats: new Set(DEFAULT_FORMATS), chunkTokens: '', renderJs: 'false', maxAge: '', includeTags: '', excludeTags: '', waitFor: '', mobile: false, actions: '' });
  const [sent, setSent] = useState<{ body: ExtractRequest; result: ExtractResponse; ms: number } | null>(null);
  const set = <K extends keyof Options>(key: K, value: Options[K]) => setOptions((previous) => ({ ...previous, [key]: value }));
  const toggleFormat = (format: string, on: boolean) => {
    const formats = new Set(options.formats);
    if (on) formats.add(format);
    else formats.delete(format);
    set('formats', formats);
  };
  const extract = useAction(async () => {
    const body = requestOf(options);
    const started = performance.now();
    const result = await client.extract(body);
    setSent({ body, result, ms: Math.round(performance.now() - started) });
  });

  return (
    <>
      <h1 tabIndex={-1}>Playground</h1>
      <form
        class="card"
        onSubmit={(event) => {
          event.preventDefault();
          void extract.run();
        }}
      >
        <label for="extract-url">Page URL</label>
        <div class="row">
          <input id="extract-url" type="url" required placeholder="https://example.com/article" value={options.url} onInput={(event) => set('url', event.currentTarget.value)} />
          <button type="submit" disabled={extract.pending}>
            {extract.pending ? 'Extracting…' : 'Extract'}
          </button>
        </div>
        <fieldset>
          <legend>Formats</legend>
          <div class="checks">
            {FORMAT_CHOICES.map((format) => (
              <label key={format} class="check">
                <input type="checkbox" checked={options.formats.has(format)} onChange={(event) => toggleFormat(format, event.currentTarget.checked)} /> {format}
              </label>
            ))}
          </div>
        </fieldset>
        <details class="more-options">
          <summary>More options</summary>
          <div class="grid">
            <div>
              <label for="chunk-tokens">Chunk size (tokens)</label>
              <input id="chunk-tokens" type="number" min={1} inputMode="numeric" placeholder="512" value={options.chunkTokens} onInput={(event) => set('chunkTokens', event.currentTarget.value)} />
            </div>
            <div>
              <label for="render-js">Render JavaScript</label>
              <select id="render-js" value={options.renderJs} onChange={(event) => set('renderJs', event.currentTarget.value as Options['renderJs'])}>
                <option value="false">No (fastest)</option>
                <option value="auto">When the page needs it</option>
                <option value="true">Always (Pro and above)</option>
              </select>
            </div>
            <div>
              <label for="max-age">Accept a cached copy up to (seconds)</label>
              <input id="max-age" type="number" min={0} inputMode="numeric" placeholder="no cache" value={options.maxAge} onInput={(event) => set('maxAge', event.currentTarget.value)} />
            </div>
            <div>
              <label for="wait-for">Wait for selector (rendering)</label>
              <input id="wait-for" type="text" placeholder="#content" value={options.waitFor} onInput={(event) => set('waitFor', event.currentTarget.value)} />
            </div>
            <div>
              <label for="include-tags">Only these elements (CSS selectors, comma-separated)</label>
              <input id="include-tags" type="text" placeholder="article, .post" value={options.includeTags} onInput={(event) => set('includeTags', event.currentTarget.value)} />
            </div>
            <div>
              <label for="exclude-tags">Leave out (CSS selectors)</label>
              <input id="exclude-tags" type="text" placeholder=".ads, footer" value={options.excludeTags} onInput={(event) => set('excludeTags', event.currentTarget.value)} />
            </div>
            <div class="grid-wide">
              <label for="actions">Page actions (JSON, rendering)</label>
              <textarea id="actions" rows={3} placeholder='[{"type":"click","selector":"#load-more"},{"type":"wait","milliseconds":500}]' value={options.actions} onInput={(event) => set('actions', event.currentTarget.value)} />
            </div>
            <label class="check">
              <input type="checkbox" checked={options.mobile} onChange={(event) => set('mobile', event.currentTarget.checked)} /> Mobile viewport (rendering)
            </label>
          </div>
        </details>
      </form>
      <ErrorNotice error={extract.error} />
      <p class="visually-hidden" aria-live="polite">
        {extract.pending ? 'Extracting' : sent ? `Extracted in ${sent.ms} milliseconds` : ''}
      </p>
      {sent ? (
        <section aria-labelledby="result-heading">
          <h2 id="result-heading">
            Result <span class="muted">({formatNumber(sent.ms)} ms)</span>
          </h2>
          <ResultView result={sent.result} />
          <h3>The same request in code</h3>
          <Tabs
            label="Code snippets"
            tabs={[
              { id: 'curl', label: 'curl', render: () => <Snippet text={curlSnippet(API_BASE, sent.body as unknown as Record<string, unknown>)} /> },
              { id: 'typescript', label: 'TypeScript', render: () => <Snippet text={typescriptSnippet(API_BASE, sent.body as unknown as Record<string, unknown>)} /> },
              { id: 'python', label: 'Python', render: () => <Snippet text={pythonSnippet(API_BASE, sent.body as unknown as Record<string, unknown>)} /> },
            ]}
          />
        </section>
      ) : null}
    </>
  );
}

function Snippet({ text }: { text: string }) {
  return (
    <div class="code-block">
      <CopyButton text={text} label="Copy snippet" />
      <pre>
        <code>{text}</code>
      </pre>
    </div>
  );
}

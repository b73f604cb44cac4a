import type { ExtractResponse } from '../../../../clients/typescript/src/client';
import { Tabs, type Tab } from '../components/tabs';
import { BarList } from '../components/bar-chart';
import { CopyButton } from '../components/copy-button';
import { renderMarkdown } from '../markdown';
import { formatNumber, formatTime } from '../format';

type Screenshot = NonNullable<ExtractResponse['screenshot']>;

/** Input (HTML) against output (markdown) tokens: what extraction saves a model, in one glance. */
function TokenSavings({ metrics }: { metrics: NonNullable<ExtractResponse['metrics']> }) {
  return (
    <div class="savings">
      <BarList
        title={`Token savings: ${formatNumber(metrics.tokens_saved)} tokens (${metrics.reduction_pct}%)`}
        unit=" tokens"
        bars={[
          { label: 'Page HTML', value: metrics.input_tokens },
          { label: 'Markdown', value: metrics.output_tokens },
        ]}
      />
    </div>
  );
}

function Shot({ shot, label }: { shot: Screenshot; label: string }) {
  return (
    <figure class="screenshot">
      <img src={shot.url} alt={label} width={shot.width} height={Math.min(shot.height, 16_384)} loading="lazy" />
      <figcaption>
        {label}: {shot.width}×{shot.height} px{shot.truncated ? ' (cut at 16,384 px)' : ''} · link works until {formatTime(shot.expires_at)}
      </figcaption>
    </figure>
  );
}

/** Every part of an extraction the request asked for, one tab each; tabs for absent parts are left out. */
export function ResultView({ result }: { result: ExtractResponse }) {
  const tabs: Tab[] = [];
  const markdown = result.markdown;
  if (markdown !== undefined) {
    tabs.push({ id: 'rendered', label: 'Rendered', render: () => <div class="rendered-markdown" dangerouslySetInnerHTML={{ __html: renderMarkdown(markdown) }} /> });
    tabs.push({
      id: 'markdown',
      label: 'Markdown',
      render: () => (
        <div class="code-block">
          <CopyButton text={markdown} label="Copy markdown" />
          <pre data-testid="raw-markdown">{markdown}</pre>
        </div>
      ),
    });
  }
  if (result.blocks) {
    const blocks = result.blocks;
    tabs.push({
      id: 'blocks',
      label: `Blocks (${blocks.length})`,
      render: () => (
        <ol class="blocks">
          {blocks.map((block, index) => (
            <li key={index}>
              <span class="badge">{block.type}{block.level ? ` ${block.level}` : ''}</span> {block.text}
            </li>
          ))}
        </ol>
      ),
    });
  }
  if (result.chunks) {
    const chunks = result.chunks;
    tabs.push({
      id: 'chunks',
      label: `Chunks (${chunks.length})`,
      render: () => (
        <ol class="chunks">
          {chunks.map((chunk, index) => (
            <li key={index}>
              <p class="chunk-range">
                Tokens {formatNumber(chunk.start_token)}–{formatNumber(chunk.end_token)} ({formatNumber(chunk.end_token - chunk.start_token)})
              </p>
              <pre>{chunk.text}</pre>
            </li>
          ))}
        </ol>
      ),
    });
  }
  if (result.metadata) {
    const metadata = result.metadata;
    tabs.push({
      id: 'metadata',
      label: 'Metadata',
      render: () => (
        <dl class="facts">
          {Object.entries(metadata).map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value === null || value === undefined ? '—' : String(value)}</dd>
            </div>
          ))}
        </dl>
      ),
    });
  }
  if (result.links) {
    const links = result.links;
    tabs.push({
      id: 'links',
      label: `Links (${links.length})`,
      render: () => (
        <ul class="links">
          {links.map((link) => (
            <li key={link}>
              <a href={link} target="_blank" rel="noopener noreferrer nofollow">
                {link}
              </a>
            </li>
          ))}
        </ul>
      ),
    });
  }
  if (result.html !== undefined) {
    const html = result.html;
    tabs.push({ id: 'html', label: 'HTML', render: () => <pre class="scroll-box">{html}</pre> });
  }
  const shots: { shot: Screenshot; label: string }[] = [
    ...(result.screenshot ? [{ shot: result.screenshot, label: 'Viewport screenshot' }] : []),
    ...(result.screenshot_full_page ? [{ shot: result.screenshot_full_page, label: 'Full-page screenshot' }] : []),
    ...(result.actions?.screenshots ?? []).map((shot) => ({ shot, label: `Screenshot of action ${shot.action}` })),
  ];
  if (shots.length > 0) tabs.push({ id: 'screenshots', label: 'Screenshots', render: () => shots.map((item) => <Shot key={item.shot.file_id} {...item} />) });
  if (result.change) {
    const change = result.change;
    tabs.push({
      id: 'change',
      label: `Change: ${change.status}`,
      render: () => (
        <>
          <p>
            {change.status === 'new' ? 'First time this account extracted this page.' : `Compared with the version seen ${formatTime(change.previous_at)}.`}
          </p>
          {change.diff ? <pre class="scroll-box">{change.diff}</pre> : null}
        </>
      ),
    });
  }
  return (
    <div class="result">
      {result.metrics ? <TokenSavings metrics={result.metrics} /> : null}
      {tabs.length > 0 ? <Tabs label="Extraction result" tabs={tabs} /> : <p>The answer holds only the URL (no format was asked for).</p>}
    </div>
  );
}

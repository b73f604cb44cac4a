import { CONTRACT_ERRORS, ERRORS, PROTOCOL_ERRORS, type ErrorCode } from '../../contract/errors.js';
import { adviceFor } from './error-advice.js';
import { escapeHtml, inlineMarkdown } from './html.js';

/** GET /docs/errors: one `<section id="<code>">` per code of the error table, so `error.docs_url` anchors land. */

const STYLE = `
  :root { color-scheme: light dark; --fg: #1d2330; --muted: #5b6478; --bg: #fff; --card: #f6f7f9; --line: #dde1e8; --accent: #2f5bd3; }
  @media (prefers-color-scheme: dark) { :root { --fg: #e6e9ef; --muted: #9aa3b5; --bg: #14171c; --card: #1c2027; --line: #2c323c; --accent: #8fb0ff; } }
  body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
  main { max-width: 52rem; margin: 0 auto; padding: 2rem 1.25rem 4rem; }
  h1 { margin: 0 0 .25rem; font-size: 1.8rem; }
  a { color: var(--accent); }
  code { font: .9em ui-monospace, SFMono-Regular, Menlo, monospace; background: var(--card); border: 1px solid var(--line); border-radius: 4px; padding: 0 .25em; }
  pre { background: var(--card); border: 1px solid var(--line); border-radius: 6px; padding: .75rem 1rem; overflow-x: auto; }
  pre code { border: 0; padding: 0; background: none; }
  .lead { color: var(--muted); }
  table { border-collapse: collapse; width: 100%; margin: 1rem 0 2rem; font-size: .95rem; }
  th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid var(--line); }
  section { border: 1px solid var(--line); border-radius: 8px; padding: .25rem 1.25rem 1rem; margin: 1.25rem 0; scroll-margin-top: 1rem; }
  section:target { border-color: var(--accent); box-shadow: 0 0 0 2px var(--accent); }
  section h2 { font-size: 1.2rem; margin: 1rem 0 .5rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .3rem 1rem; margin: 0; }
  dt { color: var(--muted); }
  dd { margin: 0; }
  .tag { display: inline-block; font-size: .75rem; padding: 0 .45em; border-radius: 999px; border: 1px solid var(--line); color: var(--muted); vertical-align: middle; margin-left: .4rem; }
`;

/** Table order: by status, then code (as the contract lists them). */
function orderedCodes(): ErrorCode[] {
  return (Object.keys(ERRORS) as ErrorCode[]).sort((a, b) => ERRORS[a].status - ERRORS[b].status || a.localeCompare(b));
}

function retryText(code: ErrorCode): string {
  return ERRORS[code].retry
    ? '<code>true</code>: the same request can succeed later.'
    : '<code>false</code>: retrying the unchanged request fails again, however long you wait.';
}

function section(code: ErrorCode): string {
  const spec = ERRORS[code];
  const origin = Object.hasOwn(CONTRACT_ERRORS, code) ? '' : Object.hasOwn(PROTOCOL_ERRORS, code) ? '<span class="tag">HTTP protocol</span>' : '<span class="tag">Pith extension</span>';
  return `<section id="${code}">
  <h2><code>${code}</code>${origin}</h2>
  <dl>
    <dt>Status</dt><dd>${spec.status}</dd>
    <dt>Code</dt><dd><code>${code}</code></dd>
    <dt>Retry</dt><dd>${retryText(code)}</dd>
    <dt>upgrade_url</dt><dd>${spec.upgrade ? 'Present: a plan upgrade is the remedy, and a person has to act.' : 'Absent.'}</dd>
    <dt>Meaning</dt><dd>${inlineMarkdown(spec.meaning)}</dd>
    <dt>What to do</dt><dd>${inlineMarkdown(adviceFor(code))}</dd>
  </dl>
</section>`;
}

function summaryRow(code: ErrorCode): string {
  const spec = ERRORS[code];
  return `<tr><td>${spec.status}</td><td><a href="#${code}"><code>${code}</code></a></td><td>${spec.retry}</td><td>${spec.upgrade ? 'yes' : 'no'}</td></tr>`;
}

export function renderErrorsPage(settings: { baseUrl: string }): string {
  const codes = orderedCodes();
  const example = JSON.stringify(
    { error: { code: 'invalid_request', message: 'url: must be an absolute http(s) URL', retry: false, docs_url: `${settings.baseUrl}/docs/errors#invalid_request` } },
    null,
    2,
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pith API errors</title>
<style>${STYLE}</style>
</head>
<body>
<main>
  <h1>Pith API errors</h1>
  <p class="lead">Every 4xx and 5xx answer of the API has the same JSON envelope. Its <code>docs_url</code> links to the section of its code below. See also the <a href="${escapeHtml(settings.baseUrl)}/docs">API reference</a>.</p>
  <pre><code>${escapeHtml(example)}</code></pre>
  <p><code>retry</code> says whether the same unchanged request can succeed later; <code>upgrade_url</code> is present only where a plan upgrade is the remedy; <code>retry_after</code> (seconds) is present on 429. <code>rate_limit_too_fast</code> also sends <code>Retry-After-Ms</code>, and <code>register_rate_limited</code> sends <code>Retry-After</code>.</p>
  <table>
    <thead><tr><th>Status</th><th>Code</th><th>retry</th><th>upgrade_url</th></tr></thead>
    <tbody>
${codes.map(summaryRow).join('\n')}
    </tbody>
  </table>
${codes.map(section).join('\n')}
</main>
</body>
</html>
`;
}

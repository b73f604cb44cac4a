import { escapeHtml } from '../docs/html.js';
import type { ConsoleBundle } from './bundle.js';

/** Path prefix of BASE_URL ('' at the root), so the console works behind a path-mounting proxy. */
export interface ConsolePaths {
  prefix: string;
}

export const consoleAssetPath = (paths: ConsolePaths, name: string) => `${paths.prefix}/console/assets/${name}`;

/**
 * GET /console: an empty page that loads the bundle. Everything else is drawn by the script; the page
 * says so for the rare browser without scripts. The API's prefix travels in a data attribute (no inline
 * script: the CSP forbids it).
 */
export function renderConsoleShell(paths: ConsolePaths, bundle: Pick<ConsoleBundle, 'script' | 'stylesheet'>): string {
  const attr = (value: string) => escapeHtml(value);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>Pith console</title>
<link rel="stylesheet" href="${attr(consoleAssetPath(paths, bundle.stylesheet))}">
<script type="module" src="${attr(consoleAssetPath(paths, bundle.script))}"></script>
</head>
<body>
<div id="console" data-api-prefix="${attr(paths.prefix)}"><noscript>The Pith console needs JavaScript. The API itself works without it: see <a href="${attr(`${paths.prefix}/docs`)}">the API reference</a>.</noscript></div>
</body>
</html>
`;
}

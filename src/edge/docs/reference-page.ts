import { escapeHtml } from './html.js';
import { SWAGGER_UI_VERSION } from './swagger-assets.js';

/**
 * GET /docs: Swagger UI over /openapi.json. Everything is same-origin: the HTML, swagger-ui-dist's
 * files and the tiny start script (a file, not inline, so the page's CSP can forbid inline scripts).
 */

export interface DocsPaths {
  /** Path prefix of BASE_URL ('' at the root), so the page works behind a path-mounting proxy. */
  prefix: string;
}

export const assetPath = (paths: DocsPaths, name: string) => `${paths.prefix}/docs/assets/${SWAGGER_UI_VERSION}/${name}`;
export const startScriptPath = (paths: DocsPaths) => `${paths.prefix}/docs/assets/pith-docs.js`;

export function renderReferencePage(paths: DocsPaths): string {
  const attr = (value: string) => escapeHtml(value);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pith API reference</title>
<link rel="icon" type="image/png" href="${attr(assetPath(paths, 'favicon-32x32.png'))}">
<link rel="stylesheet" href="${attr(assetPath(paths, 'swagger-ui.css'))}">
<style>body { margin: 0; } .pith-links { font: 14px system-ui, sans-serif; padding: 10px 20px; border-bottom: 1px solid #e3e3e3; } .pith-links a { margin-right: 1rem; }</style>
</head>
<body>
<nav class="pith-links"><a href="${attr(`${paths.prefix}/openapi.json`)}">openapi.json</a><a href="${attr(`${paths.prefix}/docs/errors`)}">Error codes</a><a href="${attr(`${paths.prefix}/console`)}">Console</a></nav>
<div id="swagger-ui" data-spec-url="${attr(`${paths.prefix}/openapi.json`)}"></div>
<script src="${attr(assetPath(paths, 'swagger-ui-bundle.js'))}"></script>
<script src="${attr(startScriptPath(paths))}"></script>
</body>
</html>
`;
}

/** Starts Swagger UI. `validatorUrl: null` matters: by default it would call validator.swagger.io. */
export const START_SCRIPT = `'use strict';
(function () {
  var root = document.getElementById('swagger-ui');
  window.ui = SwaggerUIBundle({
    url: root.getAttribute('data-spec-url'),
    domNode: root,
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    persistAuthorization: false,
  });
})();
`;

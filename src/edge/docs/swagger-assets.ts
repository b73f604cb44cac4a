import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The Swagger UI files /docs needs, served from the installed swagger-ui-dist package (no CDN). Only
 * these names are served; each is read once and kept, since they never change for a given version.
 */

const ASSET_TYPES: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

const packageJsonPath = createRequire(import.meta.url).resolve('swagger-ui-dist/package.json');
const packageDir = path.dirname(packageJsonPath);

/** Part of every asset URL, so a new swagger-ui-dist gets new URLs and the old ones can be cached forever. */
export const SWAGGER_UI_VERSION = (JSON.parse(readFileSync(packageJsonPath, 'utf8')) as { version: string }).version;

export interface Asset {
  body: Buffer;
  contentType: string;
}

const cache = new Map<string, Asset>();

export function swaggerAsset(name: string): Asset | undefined {
  const contentType = ASSET_TYPES[name];
  if (!contentType) return undefined;
  let asset = cache.get(name);
  if (!asset) {
    asset = { body: readFileSync(path.join(packageDir, name)), contentType };
    cache.set(name, asset);
  }
  return asset;
}

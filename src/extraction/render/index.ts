export { BrowserPool, type BrowserPoolOptions, type RenderOptions, type RenderStatus } from './browser-pool.js';
export { RenderUnavailableError } from './render-errors.js';
export type { RenderedPage } from './render-page.js';
export { CHROMIUM_FLAGS, DEFAULT_CHROMIUM_PATH } from './chromium-flags.js';

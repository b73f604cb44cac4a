/**
 * Where Debian's Chromium lives and how Pith starts it. No imports: the launcher scripts read the
 * path without loading Playwright.
 */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Playwright adds `--headless` itself (headless: true) and `--no-sandbox` (chromiumSandbox: false).
 * The background-networking switches matter: without them Chromium keeps dialling Google services,
 * which on a closed network is a stream of refused connections.
 */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  // WebRTC can open UDP sockets to any address without an HTTP request the route guard could see.
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
];

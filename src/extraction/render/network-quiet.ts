import type { Page } from 'playwright';

/**
 * How long a page must have no request in flight to count as settled. Playwright's `networkidle` waits
 * 500 ms, which is most of a loopback render (`npm run bench:render`: p50 820 ms with it, one page at a
 * time; 330 ms without). A script that fetches its content starts the next request as soon as the last
 * one answers, so a chain of fetches never leaves the page quiet this long; a page that polls forever
 * is cut off by the render's `settleMs` as before.
 */
export const QUIET_WINDOW_MS = 250;
const POLL_MS = 20;

/** Counts a page's requests in flight from the moment it is created; attach before navigating. */
export class NetworkActivity {
  private inFlight = 0;
  private lastChange = Date.now();

  constructor(page: Page) {
    const started = () => {
      this.inFlight++;
      this.lastChange = Date.now();
    };
    const ended = () => {
      this.inFlight = Math.max(0, this.inFlight - 1);
      this.lastChange = Date.now();
    };
    page.on('request', started);
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
  }

  /**
   * Resolves once nothing has been in flight for `quietMs`, or after `maxMs` whatever the network does.
   * The window starts no earlier than the call: request events reach us over the DevTools protocol a
   * little late, and on a busy machine a fetch the page started before `load` was not yet counted
   * (`npm run bench:render`, 1,000 renders with 4 in flight: one page came back without its content).
   */
  async quiet(maxMs: number, quietMs = QUIET_WINDOW_MS): Promise<void> {
    this.lastChange = Math.max(this.lastChange, Date.now());
    const end = Date.now() + maxMs;
    for (;;) {
      const now = Date.now();
      if (now >= end) return;
      const quietFor = now - this.lastChange;
      if (this.inFlight === 0 && quietFor >= quietMs) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(end - now, this.inFlight === 0 ? quietMs - quietFor : POLL_MS)));
    }
  }
}

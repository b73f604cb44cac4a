import type { Page } from 'playwright';

/**
 * How long a page must have no request in flight before it is checked for being settled. Playwright's
 * `networkidle` waits 500 ms, most of a loopback render. A chain of fetches (each started by the last
 * one's handler) needs no window at all: `settle` (render-page.ts) also waits for the page's event loop to
 * drain and starts over if a request started meanwhile. What the window still covers is a script that
 * waits on a short timer before fetching. `npm run bench:render`, one render at a time: p50 ~700 ms with
 * 250 ms, ~550 ms with 100 ms; no render of 1,000 came back without its content with either.
 */
export const QUIET_WINDOW_MS = 100;
const POLL_MS = 20;

/** Counts a page's requests in flight from the moment it is created; attach before navigating. */
export class NetworkActivity {
  private inFlight = 0;
  private lastChange = Date.now();
  /** Request events seen so far (starts and ends): a caller compares two readings to learn whether anything happened between. */
  changes = 0;

  constructor(page: Page) {
    const started = () => {
      this.inFlight++;
      this.changes++;
      this.lastChange = Date.now();
    };
    const ended = () => {
      this.inFlight = Math.max(0, this.inFlight - 1);
      this.changes++;
      this.lastChange = Date.now();
    };
    page.on('request', started);
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
  }

  /** Nothing in flight now. */
  get idle(): boolean {
    return this.inFlight === 0;
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

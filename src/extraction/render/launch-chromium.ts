import { existsSync } from 'node:fs';
import type { Browser } from 'playwright';
import { CHROMIUM_FLAGS } from './chromium-flags.js';
import { RenderUnavailableError } from './render-errors.js';

/** Starts the system Chromium (Playwright's own browser downloads are not reachable here). */
export async function launchChromium(executablePath: string, timeoutMs: number): Promise<Browser> {
  if (!existsSync(executablePath)) throw new RenderUnavailableError(`Chromium is not installed at ${executablePath}`);
  try {
    // Loaded here, on the first render, not with the module (render-errors.ts says why).
    const { chromium } = await import('playwright');
    return await chromium.launch({
      executablePath,
      headless: true,
      chromiumSandbox: false,
      args: [...CHROMIUM_FLAGS],
      timeout: timeoutMs,
      // The pool closes browsers itself; Playwright's signal handlers would race the service's shutdown.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
  } catch (err) {
    throw new RenderUnavailableError(`Chromium failed to start: ${(err as Error).message.split('\n')[0]}`);
  }
}

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';
import { AxeBuilder } from '@axe-core/playwright';
import { ensureChromium } from '../../scripts/lib/chromium.js';

/** Where the console tests write their screenshots (one per page and width); the note and README name it. */
export const CONSOLE_SCREENSHOT_DIR = path.resolve('.data/console-screenshots');

export const WIDTHS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

export interface ConsoleBrowser {
  browser: Browser;
  /** A new tab (its own sessionStorage) that records CSP violations and page errors. */
  open(baseUrl: string): Promise<ConsoleTab>;
  close(): Promise<void>;
}

export interface ConsoleTab {
  page: Page;
  context: BrowserContext;
  /** Content-Security-Policy violations and uncaught page errors seen so far. */
  problems: string[];
  /** Screenshots of the page as it stands at desktop and phone width. */
  shoot(name: string): Promise<void>;
  /** axe-core's WCAG 2.1 A/AA violations on the page as it stands. */
  accessibilityViolations(): Promise<{ id: string; impact: string | null | undefined; nodes: number; help: string }[]>;
}

export async function startConsoleBrowser(): Promise<ConsoleBrowser> {
  const executablePath = await ensureChromium();
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}) });
  mkdirSync(CONSOLE_SCREENSHOT_DIR, { recursive: true });
  return {
    browser,
    async open(baseUrl) {
      const context = await browser.newContext({ viewport: WIDTHS.desktop, permissions: ['clipboard-read', 'clipboard-write'], baseURL: baseUrl });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) problems.push(`CSP: ${message.text()}`);
      });
      return {
        page,
        context,
        problems,
        async shoot(name) {
          for (const [width, size] of Object.entries(WIDTHS)) {
            await page.setViewportSize(size);
            // Usable at this width: nothing makes the page itself scroll sideways (wide tables scroll in their own box).
            const overflow = await page.evaluate(() => {
              const width = document.documentElement.clientWidth;
              if (document.documentElement.scrollWidth <= width) return [];
              // Inside a scroll box a wide table is expected: it scrolls in its box, not the page.
              const wide = [...document.querySelectorAll('body *')].filter((element) => element.getBoundingClientRect().right > width + 1 && !element.parentElement?.closest('.table-scroll'));
              // Name the outermost culprits: an element whose parent is also too wide is only following it.
              return [`the page is ${document.documentElement.scrollWidth} px wide`, ...wide
                .filter((element) => !wide.includes(element.parentElement as Element))
                .map((element) => `${element.tagName.toLowerCase()}.${String(element.className)} ends at ${Math.round(element.getBoundingClientRect().right)} px`)
                .slice(0, 5)];
            });
            if (overflow.length > 0) problems.push(`${name} at ${width} width (${size.width} px) scrolls sideways: ${overflow.join('; ')}`);
            await page.screenshot({ path: path.join(CONSOLE_SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true });
          }
          await page.setViewportSize(WIDTHS.desktop);
        },
        async accessibilityViolations() {
          const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
          return result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.length, help: violation.help }));
        },
      };
    },
    close: () => browser.close(),
  };
}

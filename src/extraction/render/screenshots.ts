import type { Page } from 'playwright';
import { BROWSER_LIMITS } from '../../contract/limits.js';
import type { CapturedImage, ImageFormat } from './browser-session.js';

/**
 * Takes one screenshot: the viewport, or the whole page down to `BROWSER_LIMITS.fullPageMaxHeight`
 * (a taller capture is cut there and says `truncated`). The size is the clip Pith asked for, at a
 * device scale factor of 1, so it is known without decoding the image.
 */
export async function captureScreenshot(page: Page, kind: 'viewport' | 'full_page', image: ImageFormat, timeoutMs: number): Promise<Omit<CapturedImage, 'actionIndex'>> {
  const viewport = page.viewportSize() ?? BROWSER_LIMITS.viewport.desktop;
  const options = { type: image.type, timeout: Math.max(1, timeoutMs), ...(image.type === 'jpeg' ? { quality: image.quality } : {}), animations: 'disabled' as const };
  const contentType = image.type === 'png' ? ('image/png' as const) : ('image/jpeg' as const);
  if (kind === 'viewport') {
    const bytes = await page.screenshot(options);
    return { kind, contentType, width: viewport.width, height: viewport.height, truncated: false, bytes };
  }
  // The page's own measure of its height (our script, not the caller's): body and document may differ.
  const pageHeight = await page.evaluate(() => Math.max(document.documentElement.scrollHeight, document.body?.scrollHeight ?? 0));
  const height = Math.max(1, Math.min(pageHeight, BROWSER_LIMITS.fullPageMaxHeight));
  const bytes = await page.screenshot({ ...options, fullPage: true, clip: { x: 0, y: 0, width: viewport.width, height } });
  return { kind, contentType, width: viewport.width, height, truncated: pageHeight > BROWSER_LIMITS.fullPageMaxHeight, bytes };
}

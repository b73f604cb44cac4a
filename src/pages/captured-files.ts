import type { Db } from '../db/prisma.js';
import type { PageExtraction } from '../extraction/index.js';
import type { CapturedImage } from '../extraction/render/browser-session.js';
import { saveFile } from '../files/file-store.js';
import type { FileLinkSigner } from '../files/signed-links.js';

/** A stored screenshot as the response shows it. */
export interface ScreenshotView {
  file_id: string;
  /** A signed link that works without a key until `expires_at`; with a key of the account, GET /files/{file_id}. */
  url: string;
  content_type: string;
  width: number;
  height: number;
  /** A full-page capture cut at the height cap. */
  truncated: boolean;
  size_bytes: number;
  expires_at: string;
  /** The image, base64, with `screenshot_inline: true`. */
  data?: string;
}

/** The browser's captures in a POST /extract answer. */
export interface CapturedFiles {
  screenshot?: ScreenshotView;
  screenshot_full_page?: ScreenshotView;
  /** What `screenshot` and `scrape` actions captured, by their index in `actions`. */
  actions?: {
    screenshots: (ScreenshotView & { action: number; full_page: boolean })[];
    scrapes: { action: number; url: string; markdown: string }[];
  };
}

/** Stores each screenshot for the account (job-result lifetime) and answers with its signed link. */
export async function storeCaptures(deps: { db: Db; fileLinks: FileLinkSigner }, accountId: string, extraction: PageExtraction, inline: boolean): Promise<CapturedFiles> {
  const view = async (image: CapturedImage): Promise<ScreenshotView> => {
    const stored = await saveFile(deps.db, { accountId, contentType: image.contentType, width: image.width, height: image.height, bytes: image.bytes });
    return {
      file_id: stored.id,
      url: deps.fileLinks.link(stored.id, stored.expiresAt),
      content_type: image.contentType,
      width: image.width,
      height: image.height,
      truncated: image.truncated,
      size_bytes: image.bytes.length,
      expires_at: stored.expiresAt.toISOString(),
      ...(inline ? { data: image.bytes.toString('base64') } : {}),
    };
  };
  const files: CapturedFiles = {};
  const fromActions: NonNullable<CapturedFiles['actions']>['screenshots'] = [];
  for (const image of extraction.screenshots) {
    if (image.actionIndex !== undefined) fromActions.push({ ...(await view(image)), action: image.actionIndex, full_page: image.kind === 'full_page' });
    else if (image.kind === 'viewport') files.screenshot = await view(image);
    else files.screenshot_full_page = await view(image);
  }
  if (fromActions.length > 0 || extraction.scrapes.length > 0) {
    files.actions = { screenshots: fromActions, scrapes: extraction.scrapes.map((scrape) => ({ action: scrape.actionIndex, url: scrape.url, markdown: scrape.markdown })) };
  }
  return files;
}

import type { Db } from '../db/prisma.js';
import type { PageExtraction } from '../extraction/index.js';
import type { CapturedImage } from '../extraction/render/browser-session.js';
import { saveFile } from '../files/file-store.js';
import type { FileLinkSigner } from '../files/signed-links.js';

/** A stored screenshot as a result keeps it: the file and what it shows, not yet a link. */
export interface StoredScreenshot {
  file_id: string;
  content_type: string;
  width: number;
  height: number;
  /** A full-page capture cut at the height cap. */
  truncated: boolean;
  size_bytes: number;
  /** The image, base64, with `screenshot_inline: true` (POST /extract only). */
  data?: string;
}

/** A screenshot as the API shows it: its stored form plus a signed link. */
export interface ScreenshotView extends StoredScreenshot {
  /** A signed link that works without a key until `expires_at`; with a key of the account, GET /files/{file_id}. */
  url: string;
  expires_at: string;
}

/** The browser's captures in a page's result, with screenshots of type `S` (stored, or linked for the answer). */
export interface CapturedFiles<S = ScreenshotView> {
  screenshot?: S;
  screenshot_full_page?: S;
  /** What `screenshot` and `scrape` actions captured, by their index in `actions`. */
  actions?: {
    screenshots: (S & { action: number; full_page: boolean })[];
    scrapes: { action: number; url: string; markdown: string }[];
  };
}

/** Whose file it is: an account's (POST /extract), or an account's within a job (it lives as long as the job's results). */
export interface FileOwner {
  accountId: string;
  jobId?: string;
}

/** Stores each screenshot for its owner and keeps what the result shows of it. */
export async function storeCaptures(db: Db, owner: FileOwner, extraction: Pick<PageExtraction, 'screenshots' | 'scrapes'>, inline = false): Promise<CapturedFiles<StoredScreenshot>> {
  const stored = async (image: CapturedImage): Promise<StoredScreenshot> => {
    const file = await saveFile(db, { ...owner, contentType: image.contentType, width: image.width, height: image.height, bytes: image.bytes });
    return {
      file_id: file.id,
      content_type: image.contentType,
      width: image.width,
      height: image.height,
      truncated: image.truncated,
      size_bytes: image.bytes.length,
      ...(inline ? { data: image.bytes.toString('base64') } : {}),
    };
  };
  const files: CapturedFiles<StoredScreenshot> = {};
  const fromActions: NonNullable<CapturedFiles<StoredScreenshot>['actions']>['screenshots'] = [];
  for (const image of extraction.screenshots) {
    if (image.actionIndex !== undefined) fromActions.push({ ...(await stored(image)), action: image.actionIndex, full_page: image.kind === 'full_page' });
    else if (image.kind === 'viewport') files.screenshot = await stored(image);
    else files.screenshot_full_page = await stored(image);
  }
  if (fromActions.length > 0 || extraction.scrapes.length > 0) {
    files.actions = { screenshots: fromActions, scrapes: extraction.scrapes.map((scrape) => ({ action: scrape.actionIndex, url: scrape.url, markdown: scrape.markdown })) };
  }
  return files;
}

/** A signed link to a stored file, and when it stops working. */
export type FileLink = (fileId: string) => { url: string; expires_at: string };

/**
 * The result's screenshots with their links, made when the result is shown: a job's screenshots live as
 * long as its results, whose end is known only once the job finished.
 */
export function withFileLinks<T extends CapturedFiles<StoredScreenshot>>(result: T, link: FileLink): Omit<T, keyof CapturedFiles> & CapturedFiles {
  const linked = (shot: StoredScreenshot): ScreenshotView => ({ ...shot, ...link(shot.file_id) });
  const { screenshot, screenshot_full_page: fullPage, actions } = result;
  return {
    ...result,
    ...(screenshot ? { screenshot: linked(screenshot) } : {}),
    ...(fullPage ? { screenshot_full_page: linked(fullPage) } : {}),
    ...(actions ? { actions: { ...actions, screenshots: actions.screenshots.map((shot) => ({ ...shot, ...linked(shot) })) } } : {}),
  };
}

/** Links by `signer` that work until `expiresAt`. */
export function linksUntil(signer: FileLinkSigner, expiresAt: Date): FileLink {
  return (fileId) => ({ url: signer.link(fileId, expiresAt), expires_at: expiresAt.toISOString() });
}

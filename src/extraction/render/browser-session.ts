/**
 * What a caller asks of the browser beyond "render this page": the window it opens, the headers it
 * sends to the page's own origin, the actions it takes, what it waits for and the images it keeps.
 * The API's request fields (snake_case, validated in contract/requests.ts) map onto this one shape.
 */

export type PageAction =
  | { type: 'wait'; ms?: number; selector?: string; timeoutMs?: number }
  | { type: 'click'; selector: string; timeoutMs?: number }
  | { type: 'write'; text: string; timeoutMs?: number }
  | { type: 'press'; key: string; timeoutMs?: number }
  | { type: 'scroll'; direction: 'up' | 'down'; amount?: number; timeoutMs?: number }
  | { type: 'screenshot'; fullPage: boolean; timeoutMs?: number }
  | { type: 'scrape'; timeoutMs?: number };

export type ImageFormat = { type: 'png' } | { type: 'jpeg'; quality: number };

export interface BrowserSession {
  viewport?: { width: number; height: number };
  /** A phone: touch, mobile viewport meta honoured, a phone-sized viewport unless `viewport` says otherwise. */
  mobile?: boolean;
  /** Sent with the page's own-origin requests only (a `cookie` header becomes cookies of that origin). */
  headers?: Record<string, string>;
  actions?: PageAction[];
  /** A selector that must be present before the page is captured. */
  waitFor?: string;
  /** Screenshots of the final page. */
  screenshots?: ReadonlyArray<'viewport' | 'full_page'>;
  image?: ImageFormat;
}

/** One picture of the page. */
export interface CapturedImage {
  /** `viewport`/`full_page` of the final page, or `action` (a `screenshot` action at `actionIndex`). */
  kind: 'viewport' | 'full_page';
  actionIndex?: number;
  contentType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  /** Full-page captures taller than the cap stop at the cap. */
  truncated: boolean;
  bytes: Buffer;
}

/** The page's DOM at a `scrape` action. */
export interface CapturedHtml {
  actionIndex: number;
  url: string;
  html: string;
}

/** Whether the session needs images and fonts loaded (they are dropped for text-only renders). */
export function wantsPixels(session: BrowserSession | undefined): boolean {
  return (session?.screenshots?.length ?? 0) > 0 || (session?.actions ?? []).some((action) => action.type === 'screenshot');
}

/** The contract's enumerations: formats, scopes and robots.txt modes. Data only. */

/** The content fields of a result entry (contract "Result entry" + decisions "Content"). */
export const ALL_FORMATS = ['markdown', 'html', 'links', 'blocks', 'chunks', 'metadata', 'metrics'] as const;
export type Format = (typeof ALL_FORMATS)[number];

/** Images of the rendered page POST /extract can answer besides content (they need the browser). */
export const SCREENSHOT_FORMATS = ['screenshot', 'screenshot@full_page'] as const;
export type ScreenshotFormat = (typeof SCREENSHOT_FORMATS)[number];
/** `change_tracking`: each result says what changed since the account's previous extraction of the page. */
export const CHANGE_TRACKING_FORMAT = 'change_tracking';
/** What `formats` of POST /extract (and of jobs) accepts. */
export const EXTRACT_FORMATS = [...ALL_FORMATS, ...SCREENSHOT_FORMATS, CHANGE_TRACKING_FORMAT] as const;
export type ExtractFormat = (typeof EXTRACT_FORMATS)[number];

/** How a tracked page stands against the account's previous extraction of it. */
export const CHANGE_STATUSES = ['new', 'same', 'changed', 'removed'] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];

/** Page actions of POST /extract, run in order in the browser before extraction. */
export const ACTION_TYPES = ['wait', 'click', 'write', 'press', 'scroll', 'screenshot', 'scrape'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** Scopes of the contract's table; `*` holds them all. */
export const SCOPES = ['extract', 'bulk', 'crawl', 'search', 'keys'] as const;
export type Scope = (typeof SCOPES)[number];
export const ALL_SCOPES = '*';
/** What `POST /keys` may grant. */
export const GRANTABLE_SCOPES = [...SCOPES, ALL_SCOPES] as const;

/** robots.txt handling, in tightening order (decisions "Policies"). */
export const ROBOTS_MODES = ['off', 'advisory', 'strict'] as const;
export type RobotsMode = (typeof ROBOTS_MODES)[number];

/** Sitemaps in POST /map and POST /crawl: read them besides the start page, read only them, or not at all. */
export const SITEMAP_MODES = ['include', 'only', 'skip'] as const;
export type SitemapMode = (typeof SITEMAP_MODES)[number];

/** Named keys `press` accepts (Playwright's names); a single printable character is accepted too. */
export const NAMED_KEYS = [
  'Enter', 'Tab', 'Escape', 'Backspace', 'Delete', 'Insert', 'Home', 'End', 'PageUp', 'PageDown',
  'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Space',
  'F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7', 'F8', 'F9', 'F10', 'F11', 'F12',
] as const;
/** Modifiers `press` accepts before `+` (`Control+A`). */
export const KEY_MODIFIERS = ['Shift', 'Control', 'Alt', 'Meta', 'ControlOrMeta'] as const;

/** Job kinds and states (decisions "Jobs"): `queued` → `running` → `done`, or `failed` / `cancelled`. */
export const JOB_KINDS = ['bulk', 'crawl'] as const;
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobStatusName = (typeof JOB_STATUSES)[number];
/** The states after which a job never changes again. */
export const FINISHED_JOB_STATUSES: readonly JobStatusName[] = ['done', 'failed', 'cancelled'];

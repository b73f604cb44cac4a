/** The contract's enumerations: formats, scopes and robots.txt modes. Data only. */

/** The content fields of a result entry (contract "Result entry" + decisions "Content"). */
export const ALL_FORMATS = ['markdown', 'html', 'links', 'blocks', 'chunks', 'metadata', 'metrics'] as const;
export type Format = (typeof ALL_FORMATS)[number];

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

/**
 * The scopes a tool host may be granted (contract: `extract`, `bulk`, `crawl`). `keys` is never one of
 * them: a host must not be able to mint, rotate or revoke keys, nor replace the webhook secret.
 */
export const OAUTH_SCOPES = ['extract', 'bulk', 'crawl'] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

/** What each scope lets the host do, in the words of the consent page. */
export const SCOPE_DESCRIPTIONS: Record<OAuthScope, string> = {
  extract: 'Extract single pages (POST /extract)',
  bulk: 'Queue and read bulk extraction jobs (POST /bulk)',
  crawl: 'Queue and read crawls of a site (POST /crawl)',
};

const isOAuthScope = (scope: string): scope is OAuthScope => (OAUTH_SCOPES as readonly string[]).includes(scope);

/**
 * A space-delimited `scope` parameter (RFC 6749 §3.3). Absent or empty means every grantable scope;
 * anything outside them (`keys`, `*`, unknown names) is reported so the caller can answer `invalid_scope`.
 */
export function parseScopeParameter(raw: string | undefined): { scopes: OAuthScope[] } | { refused: string[] } {
  const requested = (raw ?? '').split(' ').filter(Boolean);
  if (requested.length === 0) return { scopes: [...OAUTH_SCOPES] };
  const refused = requested.filter((scope) => !isOAuthScope(scope));
  if (refused.length > 0) return { refused };
  return { scopes: OAUTH_SCOPES.filter((scope) => requested.includes(scope)) };
}

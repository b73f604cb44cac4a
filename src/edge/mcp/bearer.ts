import type { Db } from '../../db/prisma.js';
import { ApiError } from '../../contract/errors.js';
import { authenticateBearer } from '../../accounts/authenticate.js';
import type { AuthState } from '../../accounts/caller.js';

/** RFC 6750 §3 quoted-string: no quotes or backslashes inside. */
const quoted = (text: string) => `"${text.replace(/["\\]/g, "'")}"`;

/**
 * The MCP server's Bearer check: a Pith key, either an OAuth access token bound to this server
 * (RFC 8707) or an ordinary key (hosts that let the user paste a header). A 401 carries the
 * `WWW-Authenticate` challenge that sends the host to the protected-resource metadata (RFC 9728 §5.1);
 * with a token that is unknown, revoked or expired it also says `invalid_token`, so the host refreshes.
 */
export async function authenticateToolHost(db: Db, header: string, mcpUrl: string, resourceMetadataUrl: string): Promise<AuthState> {
  try {
    return await authenticateBearer(db, header, mcpUrl);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401) throw err;
    const challenge =
      err.code === 'missing_api_key'
        ? `Bearer resource_metadata=${quoted(resourceMetadataUrl)}`
        : `Bearer error="invalid_token", error_description=${quoted(err.message)}, resource_metadata=${quoted(resourceMetadataUrl)}`;
    throw new ApiError(err.code, err.message, undefined, { 'WWW-Authenticate': challenge });
  }
}

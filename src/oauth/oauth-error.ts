/**
 * OAuth endpoints answer in their protocol's own error format, `{ error, error_description }`
 * (RFC 6749 §5.2, RFC 7591 §3.2.2, RFC 8707 §2), not in Pith's error envelope: OAuth clients parse that.
 */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'access_denied'
  | 'server_error'
  | 'invalid_target'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata';

export class OAuthProtocolError extends Error {
  override name = 'OAuthProtocolError';

  constructor(
    readonly error: OAuthErrorCode,
    description: string,
    readonly status = 400,
  ) {
    super(description);
  }

  body(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.error, error_description: this.message };
  }
}

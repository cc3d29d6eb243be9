/** An OAuth 2.0 error response (RFC 6749 section 5.2) raised by the token and userinfo endpoints. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status: 400 | 401 = 400,
  ) {
    super(`${error}: ${description}`);
  }
}

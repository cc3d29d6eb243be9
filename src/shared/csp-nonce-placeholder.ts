/** What the web build writes where each response's Content-Security-Policy nonce goes. */
export const CSP_NONCE_PLACEHOLDER = '__PASSWATCH_CSP_NONCE__';

// The app started by start-certified-server.ts and the one account its OpenID Provider knows.

/** Beside the demo journeys' ports (3100-3103, 54330). */
export const CERTIFIED_PORTS = { app: 3110, issuer: 3111, paypal: 3113, postgres: 54331 } as const;

export const CERTIFIED_APP_URL = `http://localhost:${CERTIFIED_PORTS.app}`;

/** Signs in as `login` on oidc-provider's development sign-in page; its address is verified and an operator admin. */
export const CERTIFIED_ACCOUNT = {
  login: 'olive',
  claims: { email: 'olive@passwatch.test', email_verified: true, given_name: 'Olive', family_name: 'Operator', name: 'Olive Operator' },
} as const;

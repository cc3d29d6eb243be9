import { createHash } from 'node:crypto';

export interface SignedInUser {
  sub: string;
  email: string;
  name: string;
  givenName: string;
  familyName: string;
}

// The WHATWG rule browsers apply to <input type=email>, so server and browser agree.
const EMAIL_PATTERN = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email);
}

/** The same address, whatever its case, always yields the same subject, like a stable Entra oid. */
export function subjectForEmail(email: string): string {
  return createHash('sha256').update(email.toLowerCase()).digest('base64url').slice(0, 22);
}

/** Builds the user from the sign-in form; an empty Name falls back to the address's local part. */
export function userFromSignIn(email: string, name: string): SignedInUser {
  const trimmedEmail = email.trim();
  const displayName = name.trim() || trimmedEmail.slice(0, trimmedEmail.indexOf('@'));
  const space = displayName.indexOf(' ');
  return {
    sub: subjectForEmail(trimmedEmail),
    email: trimmedEmail,
    name: displayName,
    givenName: space < 0 ? displayName : displayName.slice(0, space),
    familyName: space < 0 ? '' : displayName.slice(space + 1).trim(),
  };
}

/** Standard OIDC claims for the user, shared by the id_token and the userinfo response. */
export function userClaims(user: SignedInUser) {
  return {
    sub: user.sub,
    email: user.email,
    email_verified: true,
    name: user.name,
    given_name: user.givenName,
    family_name: user.familyName,
  };
}

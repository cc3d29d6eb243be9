import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidEmail, subjectForEmail, userFromSignIn } from './signed-in-user.js';

describe('userFromSignIn', () => {
  it('splits Name at the first space into given and family name', () => {
    expect(userFromSignIn(' ann@contoso.com ', '  Ann de la Cruz ')).toMatchObject({
      email: 'ann@contoso.com',
      name: 'Ann de la Cruz',
      givenName: 'Ann',
      familyName: 'de la Cruz',
    });
  });

  it('uses the local part of the address when Name is empty', () => {
    expect(userFromSignIn('j.doe@contoso.com', '   ')).toMatchObject({
      name: 'j.doe',
      givenName: 'j.doe',
      familyName: '',
    });
  });
});

describe('subjectForEmail', () => {
  it('is the same for any casing of an address and differs between addresses', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.emailAddress(), (a, b) => {
        expect(subjectForEmail(a.toUpperCase())).toBe(subjectForEmail(a));
        if (a.toLowerCase() !== b.toLowerCase()) expect(subjectForEmail(a)).not.toBe(subjectForEmail(b));
      }),
    );
  });
});

describe('isValidEmail', () => {
  it.each(['a@b', 'first.last+tag@sub.contoso.com'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  it.each(['', 'plain', '@contoso.com', 'a@', 'a b@contoso.com', 'a@-contoso.com'])('refuses "%s"', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

import { ConfidentialityRequiredError, InvalidCredentialsError, NoSuchObjectError, StrongAuthRequiredError } from 'ldapts';
import { describe, expect, it } from 'vitest';
import { ConnectorError, EXIT, ldapFailure } from '../src/errors.js';

const server = 'ldaps://dc1.corp.contoso.com:636';
const withCode = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('ldapFailure', () => {
  it('names bad credentials (LDAP 49) with exit code 3', () => {
    const failure = ldapFailure(new InvalidCredentialsError('80090308: LdapErr: DSID-0C090439, data 52e'), server);
    expect(failure.exitCode).toBe(EXIT.badCredentials);
    expect(failure.message).toMatch(/dc1\.corp\.contoso\.com.*refused the bind.*LDAP 49/);
  });

  it('names LDAP signing or strong auth required (LDAP 8) and confidentiality required (LDAP 13) with exit code 5', () => {
    for (const error of [new StrongAuthRequiredError('00002028: LdapErr: DSID-0C090259'), new ConfidentialityRequiredError('TLS required')]) {
      const failure = ldapFailure(error, server);
      expect(failure.exitCode).toBe(EXIT.strongAuthRequired);
      expect(failure.message).toMatch(/requires LDAP signing or an encrypted connection.*ldaps.*starttls/);
    }
  });

  it('names a certificate that is not trusted, or for another name, with exit code 4', () => {
    for (const code of [
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      'SELF_SIGNED_CERT_IN_CHAIN',
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'ERR_TLS_CERT_ALTNAME_INVALID',
      'CERT_HAS_EXPIRED',
    ]) {
      const failure = ldapFailure(withCode(code, 'unable to verify'), server);
      expect(failure.exitCode).toBe(EXIT.certificateNotTrusted);
      expect(failure.message).toContain('caFile');
    }
  });

  it('names an unreachable DC with exit code 6', () => {
    for (const error of [
      withCode('ECONNREFUSED', 'connect ECONNREFUSED'),
      withCode('ENOTFOUND', 'getaddrinfo ENOTFOUND'),
      new Error('Connection timeout after 60000ms'),
    ]) {
      expect(ldapFailure(error, server).exitCode).toBe(EXIT.dcUnreachable);
    }
  });

  it('reports any other LDAP error with its code and exit code 10, and keeps a ConnectorError as it is', () => {
    const failure = ldapFailure(new NoSuchObjectError('0000208D: NameErr'), server);
    expect(failure.exitCode).toBe(EXIT.directoryError);
    expect(failure.message).toContain('LDAP 32');
    const configuration = new ConnectorError(EXIT.configuration, 'set "baseDn"');
    expect(ldapFailure(configuration, server)).toBe(configuration);
  });
});

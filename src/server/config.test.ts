import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rootCertificates } from 'node:tls';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('runs in demo mode with defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.demoMode).toBe(true);
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.oidc).toBeNull();
    expect(config.database.url).toBeUndefined();
    expect(config.session.cookieSecure).toBe(false);
  });

  it('runs half the database pool in scheduled checks at once unless CHECK_CONCURRENCY says otherwise, always fewer than the pool', () => {
    expect(loadConfig({}).checkConcurrency).toBe(5);
    expect(loadConfig({ DATABASE_POOL_SIZE: '1' }).checkConcurrency).toBe(1);
    expect(loadConfig({ DATABASE_POOL_SIZE: '30' }).checkConcurrency).toBe(15);
    expect(loadConfig({ DATABASE_POOL_SIZE: '30', CHECK_CONCURRENCY: '20' }).checkConcurrency).toBe(20);
    expect(() => loadConfig({ CHECK_CONCURRENCY: '10' })).toThrow(/CHECK_CONCURRENCY: must be less than DATABASE_POOL_SIZE \(10\)/);
    expect(() => loadConfig({ CHECK_CONCURRENCY: '0' })).toThrow(/CHECK_CONCURRENCY/);
    expect(() => loadConfig({ CHECK_CONCURRENCY: 'many' })).toThrow(/CHECK_CONCURRENCY: must be a whole number/);
  });

  it('treats empty values as unset, as a copied .env.example leaves them', () => {
    expect(loadConfig({ DATABASE_URL: '', OIDC_ISSUER_URL: '' }).demoMode).toBe(true);
  });

  it('names every bad variable in one message', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_EMAILS: 'a@b.com, not-an-email' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('ADMIN_EMAILS');
    }
  });

  it('requires the whole OIDC triple, and PayPal credentials outside demo mode', () => {
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'https://login.microsoftonline.com/common/v2.0' })).toThrow(/OIDC_CLIENT_ID/);
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'https://login.microsoftonline.com/common/v2.0', OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' })).toThrow(
      /PAYPAL_CLIENT_ID/,
    );
    const config = loadConfig({
      OIDC_ISSUER_URL: 'https://login.microsoftonline.com/common/v2.0',
      OIDC_CLIENT_ID: 'id',
      OIDC_CLIENT_SECRET: 'secret',
      PAYPAL_CLIENT_ID: 'p',
      PAYPAL_CLIENT_SECRET: 'q',
      PAYPAL_WEBHOOK_ID: 'WH-1',
      APP_URL: 'https://passwatch.example.com/',
      ADMIN_EMAILS: 'Ops@Example.com',
      OIDC_TRUST_EMAIL: 'true',
    });
    expect(config.demoMode).toBe(false);
    expect(config.appUrl).toBe('https://passwatch.example.com');
    expect(config.session.cookieSecure).toBe(true);
    expect(config.adminEmails).toEqual(['ops@example.com']);
    expect(config.oidc?.trustEmail).toBe(true);
  });

  it('reads ADMIN_SUBJECTS as ISSUER#SUBJECT pairs and names a malformed entry', () => {
    const config = loadConfig({
      ADMIN_SUBJECTS: ' https://login.microsoftonline.com/9c1a/v2.0#00000000-aaaa-4bbb-8ccc-000000000001 , https://idp.example.com#a#b ',
    });
    expect(config.adminSubjects).toEqual([
      { issuer: 'https://login.microsoftonline.com/9c1a/v2.0', subject: '00000000-aaaa-4bbb-8ccc-000000000001' },
      { issuer: 'https://idp.example.com', subject: 'a#b' },
    ]);
    expect(() => loadConfig({ ADMIN_SUBJECTS: 'ops@example.com' })).toThrow(/ADMIN_SUBJECTS.*ISSUER_URL#SUBJECT/);
    expect(() => loadConfig({ ADMIN_SUBJECTS: 'https://idp.example.com#' })).toThrow(/ADMIN_SUBJECTS/);
  });

  it('requires a secrets key in production and checks its length', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRETS_ENCRYPTION_KEY/);
    expect(() => loadConfig({ SECRETS_ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(/32 random bytes/);
  });

  it('collects configuration changes into one security alert for CONFIGURATION_ALERT_WINDOW_SECONDS, a quarter hour unless set', () => {
    expect(loadConfig({ CONFIGURATION_ALERT_WINDOW_SECONDS: '5' }).accountMail.configurationAlertWindowMs).toBe(5_000);
    for (const [value, message] of [
      ['0', 'at least 1 second'],
      ['1.5', 'a whole number of seconds'],
      ['soon', 'a number of seconds'],
      ['86401', 'at most 86400 seconds'],
    ]) {
      expect(() => loadConfig({ CONFIGURATION_ALERT_WINDOW_SECONDS: value })).toThrow(`CONFIGURATION_ALERT_WINDOW_SECONDS: must be ${message}`);
    }
  });

  it('sends account mail through an smtp:// or smtps:// SMTP_URL only from a MAIL_FROM the operator names', () => {
    expect(loadConfig({}).accountMail).toEqual({ smtpUrl: undefined, from: 'Passwatch <account-mail@passwatch.invalid>', configurationAlertWindowMs: 900_000 });
    const configured = loadConfig({ SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465', MAIL_FROM: 'Passwatch <alerts@example.com>' });
    expect(configured.accountMail).toEqual({
      smtpUrl: 'smtps://mailer:secret@smtp.example.com:465',
      from: 'Passwatch <alerts@example.com>',
      configurationAlertWindowMs: 900_000,
    });
    expect(loadConfig({ SMTP_URL: 'smtp://smtp.example.com:587', MAIL_FROM: 'alerts@example.com' }).accountMail.from).toBe('alerts@example.com');
    expect(() => loadConfig({ SMTP_URL: 'smtp://smtp.example.com:587' })).toThrow(/MAIL_FROM: is required when SMTP_URL is set/);
    expect(() => loadConfig({ SMTP_URL: 'https://smtp.example.com', MAIL_FROM: 'alerts@example.com' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    for (const from of ['not an address', 'Passwatch <alerts@example.com', 'a@b.c\r\nBcc: x@y.z']) {
      expect(() => loadConfig({ SMTP_URL: 'smtp://smtp.example.com', MAIL_FROM: from })).toThrow(/MAIL_FROM: must be an address or Name <address>/);
    }
    // A bad URL is named without its password.
    expect(() => loadConfig({ SMTP_URL: 'smtp+tls://mailer:hunter2@smtp.example.com', MAIL_FROM: 'alerts@example.com' })).toThrow(
      /SMTP_URL: .*\(value not shown/,
    );
    expect(() => loadConfig({ SMTP_URL: 'smtp+tls://mailer:hunter2@smtp.example.com', MAIL_FROM: 'alerts@example.com' })).not.toThrow(/hunter2/);
  });

  it('trusts the CA certificates of PAYPAL_CERT_CA_FILE for PayPal webhooks, and names a file that holds none', () => {
    expect(loadConfig({}).paypal.trustedCaPems).toEqual([]);
    const directory = mkdtempSync(path.join(tmpdir(), 'passwatch-config-'));
    try {
      const bundle = path.join(directory, 'proxy-ca.pem');
      writeFileSync(bundle, `${rootCertificates[0]}\n${rootCertificates[1]}\n`);
      expect(loadConfig({ PAYPAL_CERT_CA_FILE: bundle }).paypal.trustedCaPems).toEqual([`${rootCertificates[0]}\n${rootCertificates[1]}\n`]);
      const notPem = path.join(directory, 'not.pem');
      writeFileSync(notPem, 'hello');
      expect(() => loadConfig({ PAYPAL_CERT_CA_FILE: notPem })).toThrow(
        /PAYPAL_CERT_CA_FILE: must be a readable file of PEM CA certificates \(no PEM certificate found\)/,
      );
      expect(() => loadConfig({ PAYPAL_CERT_CA_FILE: path.join(directory, 'missing.pem') })).toThrow(/PAYPAL_CERT_CA_FILE: must be a readable file/);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

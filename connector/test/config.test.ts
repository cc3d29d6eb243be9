import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { ConnectorError, EXIT } from '../src/errors.js';

const KEY = `pwc_${'k'.repeat(43)}`;
const domain = { host: 'dc1.corp.contoso.com', bindDn: 'svc-passwatch@corp.contoso.com', password: 'secret' };

/** Writes `files` into a new folder and returns the path of its connector.json. */
function folderWith(config: unknown, files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'connector-config-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  writeFileSync(join(dir, 'connector.json'), typeof config === 'string' ? config : JSON.stringify(config));
  return join(dir, 'connector.json');
}

function refusal(load: () => unknown): ConnectorError {
  try {
    load();
  } catch (error) {
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as ConnectorError).exitCode).toBe(EXIT.configuration);
    return error as ConnectorError;
  }
  throw new Error('the configuration was accepted');
}

describe('loadConfig', () => {
  it('reads secrets from files beside the configuration and fills in the defaults', () => {
    const path = folderWith(
      {
        serverUrl: 'https://passwatch.example.com',
        keyFile: 'connector.key',
        domains: [{ ...domain, password: undefined, passwordFile: 'corp.password', caFile: 'ca.pem' }],
      },
      { 'connector.key': `${KEY}\n`, 'corp.password': 'from-file\n', 'ca.pem': '-----BEGIN CERTIFICATE-----\n' },
    );
    const config = loadConfig(path, {}, true);
    expect(config.server).toEqual({ url: new URL('https://passwatch.example.com'), key: KEY });
    expect(config.domains).toEqual([
      {
        host: 'dc1.corp.contoso.com',
        port: 636,
        security: 'ldaps',
        baseDn: undefined,
        bindDn: 'svc-passwatch@corp.contoso.com',
        password: 'from-file',
        ca: '-----BEGIN CERTIFICATE-----',
        timeoutMs: 60_000,
      },
    ]);
  });

  it('takes the server and key from the environment over the file, and StartTLS defaults to port 389', () => {
    const path = folderWith({ serverUrl: 'https://old.example.com', domains: [{ ...domain, security: 'starttls' }] });
    const config = loadConfig(path, { PASSWATCH_URL: 'https://new.example.com', PASSWATCH_CONNECTOR_KEY: KEY }, true);
    expect(config.server?.url.host).toBe('new.example.com');
    expect(config.domains[0]!.port).toBe(389);
  });

  it('needs no server or key for a dry run', () => {
    expect(loadConfig(folderWith({ domains: [domain] }), {}, false).server).toBeUndefined();
  });

  it('refuses the Global Catalog ports, which have no computed expiry', () => {
    expect(refusal(() => loadConfig(folderWith({ domains: [{ ...domain, port: 3269 }] }), {}, false)).message).toMatch(
      /domains\.0\.port: ports 3268 and 3269 are the Global Catalog/,
    );
  });

  it('refuses a password given twice or not at all', () => {
    expect(refusal(() => loadConfig(folderWith({ domains: [{ ...domain, passwordFile: 'x' }] }), {}, false)).message).toContain(
      'exactly one of "password" and "passwordFile"',
    );
    expect(refusal(() => loadConfig(folderWith({ domains: [{ ...domain, password: undefined }] }), {}, false)).message).toContain('exactly one');
  });

  it('refuses sending the key in clear to another machine, but allows this one', () => {
    const path = folderWith({ domains: [domain] });
    expect(refusal(() => loadConfig(path, { PASSWATCH_URL: 'http://passwatch.example.com', PASSWATCH_CONNECTOR_KEY: KEY }, true)).message).toContain(
      'https://',
    );
    expect(loadConfig(path, { PASSWATCH_URL: 'http://127.0.0.1:3000', PASSWATCH_CONNECTOR_KEY: KEY }, true).server?.url.port).toBe('3000');
  });

  it('refuses a missing or malformed key without echoing it', () => {
    const path = folderWith({ serverUrl: 'https://passwatch.example.com', domains: [domain] });
    expect(refusal(() => loadConfig(path, {}, true)).message).toContain('no connector key');
    const wrong = refusal(() => loadConfig(path, { PASSWATCH_CONNECTOR_KEY: 'sk_live_not-a-connector-key' }, true));
    expect(wrong.message).toContain('not a Passwatch connector key');
    expect(wrong.message).not.toContain('sk_live');
  });

  it('names an unreadable file and invalid JSON', () => {
    expect(refusal(() => loadConfig('/nonexistent/connector.json', {}, false)).message).toContain('cannot read the configuration /nonexistent/connector.json');
    expect(refusal(() => loadConfig(folderWith('{ "domains": [ }'), {}, false)).message).toContain('cannot read the configuration');
    expect(refusal(() => loadConfig(folderWith({ domains: [{ ...domain, passwordFile: 'missing', password: undefined }] }), {}, false)).message).toMatch(
      /cannot read the password file .*missing/,
    );
  });
});

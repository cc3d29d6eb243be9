import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GENERATED_KEY_FILE, loadSecretsKey } from './secrets-key.js';

let dataDir: string;
beforeEach(async () => {
  dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'passwatch-key-')), 'nested');
});
afterEach(async () => {
  await rm(path.dirname(dataDir), { recursive: true, force: true });
});

describe('loadSecretsKey', () => {
  it('uses SECRETS_ENCRYPTION_KEY when set and writes no file', async () => {
    const configured = randomBytes(32);
    const key = await loadSecretsKey({ secretsEncryptionKey: configured.toString('base64'), dataDir });
    expect(key.equals(configured)).toBe(true);
    await expect(stat(path.join(dataDir, GENERATED_KEY_FILE))).rejects.toThrow();
  });

  it('generates a key once into the data folder, readable only by the owner, and reuses it', async () => {
    const first = await loadSecretsKey({ secretsEncryptionKey: undefined, dataDir });
    expect(first).toHaveLength(32);
    const file = path.join(dataDir, GENERATED_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64').equals(first)).toBe(true);
    const second = await loadSecretsKey({ secretsEncryptionKey: undefined, dataDir });
    expect(second.equals(first)).toBe(true);
  });

  it('refuses a key file that does not hold 32 bytes', async () => {
    await loadSecretsKey({ secretsEncryptionKey: undefined, dataDir });
    await writeFile(path.join(dataDir, GENERATED_KEY_FILE), Buffer.alloc(16).toString('base64'));
    await expect(loadSecretsKey({ secretsEncryptionKey: undefined, dataDir })).rejects.toThrow('must hold 32 random bytes');
  });
});

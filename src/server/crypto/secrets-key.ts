import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config.js';
import { SECRETS_KEY_BYTES, SecretBoxError } from './secret-box.js';

export const GENERATED_KEY_FILE = 'secrets.key';

/**
 * The AES-256 key for client secrets: SECRETS_ENCRYPTION_KEY when set (required in production by
 * config.ts); otherwise a key generated once into `<DATA_DIR>/secrets.key` (mode 0600) and reused,
 * so a demo or development install keeps reading the secrets it stored before a restart.
 */
export async function loadSecretsKey(config: Pick<AppConfig, 'secretsEncryptionKey' | 'dataDir'>): Promise<Buffer> {
  if (config.secretsEncryptionKey !== undefined) return decodeKey(config.secretsEncryptionKey, 'SECRETS_ENCRYPTION_KEY');
  const file = path.join(config.dataDir, GENERATED_KEY_FILE);
  const existing = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (existing !== null) return decodeKey(existing.trim(), file);
  await mkdir(config.dataDir, { recursive: true });
  const key = randomBytes(SECRETS_KEY_BYTES);
  try {
    // 'wx': if another instance created the file meanwhile, read theirs instead of overwriting it.
    await writeFile(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return decodeKey((await readFile(file, 'utf8')).trim(), file);
    throw error;
  }
  await chmod(file, 0o600);
  return key;
}

function decodeKey(base64: string, source: string): Buffer {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== SECRETS_KEY_BYTES) throw new SecretBoxError(`${source} must hold ${SECRETS_KEY_BYTES} random bytes in base64`);
  return key;
}

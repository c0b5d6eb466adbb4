/**
 * The server's keys: the HMAC key (AUTH_SECRET when set, else 48 random bytes generated once into the data folder)
 * and the data keys (DATA_KEYS when set, else one AES-256 key generated once into DATA_DIR/data-key); files mode 0600.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatDataKeys, Keyring, parseDataKeys, type DataKey } from './crypto/keyring.ts';

export function loadOrCreateSecret(dataDir: string, given?: Buffer): Buffer {
  if (given) return given;
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48);
  writeFileSync(file, secret.toString('base64'), { mode: 0o600, flag: 'wx' });
  return secret;
}

/**
 * The data keyring: the keys given (DATA_KEYS), else the key file of the data folder, created on first start with one
 * random key "local1". The file holds DATA_KEYS text, so moving to DATA_KEYS (or rotating) starts from its content.
 */
export function loadOrCreateDataKeys(dataDir: string, given?: readonly DataKey[]): Keyring {
  if (given) return new Keyring(given);
  const file = join(dataDir, 'data-key');
  if (existsSync(file)) {
    const { keys, problem } = parseDataKeys(readFileSync(file, 'utf8'));
    if (!keys) throw new Error(`${file}: ${problem}`);
    return new Keyring(keys);
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const keys = [{ id: 'local1', secret: randomBytes(32) }];
  writeFileSync(file, `${formatDataKeys(keys)}\n`, { mode: 0o600, flag: 'wx' });
  return new Keyring(keys);
}

/** The server's HMAC key: AUTH_SECRET when set, else 48 random bytes generated once into the data folder (mode 0600). */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function loadOrCreateSecret(dataDir: string, given?: Buffer): Buffer {
  if (given) return given;
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48);
  writeFileSync(file, secret.toString('base64'), { mode: 0o600, flag: 'wx' });
  return secret;
}

/**
 * The data keys: AES-256-GCM keys with ids, from DATA_KEYS ("k2:<base64 32 bytes>,k1:<...>", the first is the one
 * values are written under; the others still decrypt what they wrote) or, unset, one key generated once into the
 * data folder (server/secret.ts). Per-key material is derived once here (HKDF-SHA256): an encryption key and a
 * keyed-hash (HMAC) key, so neither a read nor a lookup runs a KDF per value.
 */
import { createSecretKey, hkdfSync, type KeyObject } from 'node:crypto';

/** One data key as configured: its id (written on every value) and its 32 secret bytes. */
export interface DataKey {
  readonly id: string;
  readonly secret: Buffer;
}

interface Derived {
  readonly encryption: KeyObject;
  readonly hash: KeyObject;
}

/** An envelope or keyed hash names a key the keyring does not hold (a key removed from DATA_KEYS too early). */
export class UnknownDataKeyError extends Error {
  readonly code = 'DATA_KEY_UNKNOWN';
  constructor(readonly keyId: string) {
    super(`data key "${keyId}" is not in DATA_KEYS: add it back (after the current key) to read what it encrypted`);
    this.name = 'UnknownDataKeyError';
  }
}

/** Key ids are short base64url words: they sit between the dots of an envelope. */
export const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/u;
const SECRET_PATTERN = /^[A-Za-z0-9+/_-]{43}=?$/u;

const derive = (secret: Buffer, purpose: string): KeyObject =>
  createSecretKey(Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `pesoagad data ${purpose} v1`, 32)));

export class Keyring {
  /** The key new values are written under. */
  readonly currentId: string;
  readonly ids: readonly string[];
  private readonly derived = new Map<string, Derived>();

  constructor(keys: readonly DataKey[]) {
    if (keys.length === 0) throw new Error('a keyring needs at least one data key');
    for (const key of keys) {
      if (!KEY_ID_PATTERN.test(key.id))
        throw new Error(`data key id "${key.id}" must be 1-32 of A-Z, a-z, 0-9, "_", "-"`);
      if (key.secret.length !== 32) throw new Error(`data key "${key.id}" must be 32 bytes`);
      if (this.derived.has(key.id)) throw new Error(`data key id "${key.id}" is given twice`);
      this.derived.set(key.id, {
        encryption: derive(key.secret, 'encryption'),
        hash: derive(key.secret, 'keyed-hash'),
      });
    }
    this.currentId = keys[0]!.id;
    this.ids = keys.map((key) => key.id);
  }

  /** The AES-256-GCM key of `id`; throws UnknownDataKeyError when the keyring does not hold it. */
  encryptionKey(id: string): KeyObject {
    const found = this.derived.get(id);
    if (!found) throw new UnknownDataKeyError(id);
    return found.encryption;
  }

  /** The HMAC-SHA256 key of `id` for keyed hashes (equality lookups). */
  hashKey(id: string): KeyObject {
    const found = this.derived.get(id);
    if (!found) throw new UnknownDataKeyError(id);
    return found.hash;
  }
}

/** Parses DATA_KEYS (or the generated key file): `id:base64,id:base64`, first = current. Answers a problem instead of throwing. */
export function parseDataKeys(text: string): { keys?: DataKey[]; problem?: string } {
  const keys: DataKey[] = [];
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const colon = entry.indexOf(':');
    const id = colon > 0 ? entry.slice(0, colon) : '';
    const encoded = colon > 0 ? entry.slice(colon + 1).trim() : '';
    if (!KEY_ID_PATTERN.test(id))
      return {
        problem:
          'each entry must be <id>:<base64 of 32 random bytes>, the id 1-32 of A-Z, a-z, 0-9, "_", "-" (for example k1:$(openssl rand -base64 32))',
      };
    if (!SECRET_PATTERN.test(encoded))
      return { problem: `key "${id}" must be the base64 of exactly 32 random bytes (openssl rand -base64 32)` };
    if (keys.some((key) => key.id === id)) return { problem: `key id "${id}" is given twice` };
    keys.push({ id, secret: Buffer.from(encoded.replace(/-/gu, '+').replace(/_/gu, '/'), 'base64') });
  }
  if (keys.length === 0)
    return { problem: 'no key given: "<id>:<base64 of 32 random bytes>", for example k1:$(openssl rand -base64 32)' };
  return { keys };
}

/** The DATA_KEYS form of keys (what the generated key file holds). */
export function formatDataKeys(keys: readonly DataKey[]): string {
  return keys.map((key) => `${key.id}:${key.secret.toString('base64')}`).join(',');
}

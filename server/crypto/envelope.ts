/**
 * AES-256-GCM envelopes with a random 96-bit IV. Text (database values): `v1.<key id>.<iv>.<ciphertext>.<tag>`,
 * base64url parts. Binary (files): the magic "PAENC" and version 1, the key id's length and the key id, then IV, tag and
 * ciphertext. The associated data is the value's place (`profile_sections.data`, `file:<storage key>`) with the
 * version and key id, so a value moved to another column or file, or a header edited, fails to decrypt.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Keyring } from './keyring.ts';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const TEXT_PREFIX = 'v1.';
const TEXT_PATTERN = /^v1\.([A-Za-z0-9_-]{1,32})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]*)\.([A-Za-z0-9_-]{22})$/u;
/** The first bytes of an encrypted file: never those of a JPEG (FF D8 FF) or PNG (89 50 4E 47). */
export const FILE_MAGIC = Buffer.from('PAENC\u0001', 'latin1');

/** An envelope that does not open: wrong key, wrong place, or changed bytes. */
export class DecryptError extends Error {
  readonly code = 'DATA_DECRYPT_FAILED';
  constructor(place: string) {
    super(`an encrypted value of ${place} does not decrypt (changed, moved from another place, or a wrong key)`);
    this.name = 'DecryptError';
  }
}

const additionalData = (keyId: string, place: string) => Buffer.from(`v1.${keyId}.${place}`, 'utf8');

function encrypt(keyring: Keyring, plaintext: Buffer, aad: Buffer) {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyring.encryptionKey(keyring.currentId), iv);
  cipher.setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, ciphertext, tag: cipher.getAuthTag() };
}

function decrypt(
  keyring: Keyring,
  keyId: string,
  iv: Buffer,
  ciphertext: Buffer,
  tag: Buffer,
  aad: Buffer,
  place: string,
): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', keyring.encryptionKey(keyId), iv);
  decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch {
    throw new DecryptError(place);
  }
}

/** Whether a text looks like a text envelope (not whether it decrypts). */
export function isTextEnvelope(text: string): boolean {
  return text.startsWith(TEXT_PREFIX) && TEXT_PATTERN.test(text);
}

/** The key id of a text envelope, or undefined for clear text. */
export function keyIdOfText(text: string): string | undefined {
  return TEXT_PATTERN.exec(text)?.[1];
}

/** Encrypts text under the current key, bound to `place`. */
export function sealText(keyring: Keyring, plaintext: string, place: string): string {
  const { iv, ciphertext, tag } = encrypt(
    keyring,
    Buffer.from(plaintext, 'utf8'),
    additionalData(keyring.currentId, place),
  );
  return `${TEXT_PREFIX}${keyring.currentId}.${iv.toString('base64url')}.${ciphertext.toString('base64url')}.${tag.toString('base64url')}`;
}

/** Decrypts a text envelope written for `place`; throws DecryptError / UnknownDataKeyError. */
export function openText(keyring: Keyring, envelope: string, place: string): string {
  const match = TEXT_PATTERN.exec(envelope);
  if (!match) throw new DecryptError(place);
  const [, keyId, iv, ciphertext, tag] = match as unknown as [string, string, string, string, string];
  return decrypt(
    keyring,
    keyId,
    Buffer.from(iv, 'base64url'),
    Buffer.from(ciphertext, 'base64url'),
    Buffer.from(tag, 'base64url'),
    additionalData(keyId, place),
    place,
  ).toString('utf8');
}

/** Whether bytes start like an encrypted file. */
export function isFileEnvelope(data: Buffer): boolean {
  return data.length > FILE_MAGIC.length && data.subarray(0, FILE_MAGIC.length).equals(FILE_MAGIC);
}

/** The key id of an encrypted file, or undefined for a plain one. */
export function keyIdOfFile(data: Buffer): string | undefined {
  if (!isFileEnvelope(data)) return undefined;
  const length = data[FILE_MAGIC.length]!;
  return data.subarray(FILE_MAGIC.length + 1, FILE_MAGIC.length + 1 + length).toString('latin1');
}

/** Encrypts file bytes under the current key, bound to `place`. */
export function sealBytes(keyring: Keyring, plaintext: Buffer, place: string): Buffer {
  const header = Buffer.concat([
    FILE_MAGIC,
    Buffer.from([keyring.currentId.length]),
    Buffer.from(keyring.currentId, 'latin1'),
  ]);
  const { iv, ciphertext, tag } = encrypt(
    keyring,
    plaintext,
    Buffer.concat([header, additionalData(keyring.currentId, place)]),
  );
  return Buffer.concat([header, iv, tag, ciphertext]);
}

/** Decrypts an encrypted file written for `place`; throws DecryptError / UnknownDataKeyError. */
export function openBytes(keyring: Keyring, data: Buffer, place: string): Buffer {
  const keyId = keyIdOfFile(data);
  if (keyId === undefined) throw new DecryptError(place);
  const headerLength = FILE_MAGIC.length + 1 + keyId.length;
  if (data.length < headerLength + IV_BYTES + TAG_BYTES) throw new DecryptError(place);
  const iv = data.subarray(headerLength, headerLength + IV_BYTES);
  const tag = data.subarray(headerLength + IV_BYTES, headerLength + IV_BYTES + TAG_BYTES);
  const aad = Buffer.concat([data.subarray(0, headerLength), additionalData(keyId, place)]);
  return decrypt(keyring, keyId, iv, data.subarray(headerLength + IV_BYTES + TAG_BYTES), tag, aad, place);
}

/**
 * A keyed hash for equality lookups of a value kept encrypted (`h1.<key id>.<HMAC-SHA256>`): the same value gives the
 * same hash under one key; without the key it cannot be recomputed from a guess (a phone number has only 10^9).
 */
export function keyedHash(keyring: Keyring, purpose: string, value: string, keyId = keyring.currentId): string {
  const mac = createHmac('sha256', keyring.hashKey(keyId))
    .update(`${purpose}\u0000${value}`, 'utf8')
    .digest('base64url');
  return `h1.${keyId}.${mac}`;
}

/** The hashes of a value under every key of the keyring: a lookup matches rows not yet rotated to the current key. */
export function keyedHashes(keyring: Keyring, purpose: string, value: string): string[] {
  return keyring.ids.map((id) => keyedHash(keyring, purpose, value, id));
}

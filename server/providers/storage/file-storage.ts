/**
 * Where uploaded files live, behind one small interface: local disk by default, any S3-compatible store in
 * production. Keys are made by the caller (`documents/<customerId>/<uuid>.jpg`) and checked strictly here, so no
 * key can climb out of its folder or name an unexpected file type.
 */

export interface StoredFile {
  readonly data: Buffer;
  readonly contentType: string;
}

export interface FileStorage {
  readonly name: string;
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** null when there is no file under the key. */
  get(key: string): Promise<StoredFile | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_-]*\.(jpg|png)$/;
const MAX_KEY_LENGTH = 512;
const CONTENT_TYPES = { jpg: 'image/jpeg', png: 'image/png' } as const;

export class InvalidStorageKeyError extends Error {
  readonly code = 'INVALID_STORAGE_KEY';
  constructor(key: string, why: string) {
    super(`Invalid storage key ${JSON.stringify(key.slice(0, 100))}: ${why}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/** Throws unless the key is lower-case segments of [a-z0-9_-] ending in a .jpg or .png file name. */
export function assertValidKey(key: string): void {
  if (key.length > MAX_KEY_LENGTH) throw new InvalidStorageKeyError(key, `longer than ${MAX_KEY_LENGTH} characters`);
  if (!KEY_PATTERN.test(key))
    throw new InvalidStorageKeyError(key, 'expected lower-case a-z, 0-9, "/", "_", "-" and a .jpg or .png ending');
  // The pattern already forbids '.' elsewhere; these say so explicitly and also refuse empty segments ("a//b", "a/.jpg").
  if (key.includes('..') || key.startsWith('/') || key.includes('//') || key.includes('/.')) {
    throw new InvalidStorageKeyError(key, 'empty or relative path segment');
  }
}

/** The content type a valid key's extension stands for. */
export function contentTypeOfKey(key: string): 'image/jpeg' | 'image/png' {
  return key.endsWith('.png') ? CONTENT_TYPES.png : CONTENT_TYPES.jpg;
}

/** Throws unless the key is valid and the content type matches its extension (a .png key holds a PNG). */
export function assertPutArguments(key: string, contentType: string): void {
  assertValidKey(key);
  const expected = contentTypeOfKey(key);
  if (contentType !== expected) throw new InvalidStorageKeyError(key, `holds ${expected}, not ${contentType}`);
}

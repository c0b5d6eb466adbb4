/**
 * Encryption at rest for any file storage (local disk, S3-compatible): a file is encrypted with the data keys before
 * the backend sees it and decrypted when it is read back, bound to its key (`file:documents/<customer>/<id>.jpg`), so
 * a file copied under another customer's key does not open. Files written before encryption (a JPEG or PNG, no
 * envelope header) still read; `reseal` rewrites one under the current key (the rotation job, server/crypto/reencrypt.ts).
 */
import { isFileEnvelope, keyIdOfFile, openBytes, sealBytes } from '#server/crypto/envelope.ts';
import type { Keyring } from '#server/crypto/keyring.ts';
import { assertPutArguments, contentTypeOfKey, type FileStorage } from './file-storage.ts';

export interface EncryptedFileStorage extends FileStorage {
  /** Rewrites the file under the current key when it is plain or under an older key. */
  reseal(key: string): Promise<'missing' | 'current' | 'resealed'>;
}

const placeOf = (key: string) => `file:${key}`;

export function createEncryptedStorage(inner: FileStorage, keyring: Keyring): EncryptedFileStorage {
  return {
    name: `${inner.name}+encrypted`,

    async put(key, data, contentType) {
      assertPutArguments(key, contentType);
      await inner.put(key, sealBytes(keyring, data, placeOf(key)), contentType);
    },

    async get(key) {
      const file = await inner.get(key);
      if (!file) return null;
      if (!isFileEnvelope(file.data)) return file;
      return { data: openBytes(keyring, file.data, placeOf(key)), contentType: contentTypeOfKey(key) };
    },

    delete: (key) => inner.delete(key),

    async reseal(key) {
      const file = await inner.get(key);
      if (!file) return 'missing';
      if (keyIdOfFile(file.data) === keyring.currentId) return 'current';
      const plain = isFileEnvelope(file.data) ? openBytes(keyring, file.data, placeOf(key)) : file.data;
      await inner.put(key, sealBytes(keyring, plain, placeOf(key)), contentTypeOfKey(key));
      return 'resealed';
    },
  };
}

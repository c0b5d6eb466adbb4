/**
 * Files under one root folder on this machine (default ./data/uploads): folders 0700 and files 0600, readable by
 * the server's user only, since they are identity documents. A write goes to a temporary file in the same folder,
 * is flushed, then renamed over the target, so a reader sees the old file or the new one, never half of one, and a
 * crash leaves no partial file under a key. The content type follows from the key's extension.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { assertPutArguments, assertValidKey, contentTypeOfKey, type FileStorage } from './file-storage.ts';

const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

export function createLocalDiskStorage(rootDir: string): FileStorage {
  const root = resolve(rootDir);
  const pathOf = (key: string): string => join(root, ...key.split('/'));

  return {
    name: 'local-disk',

    async put(key, data, contentType) {
      assertPutArguments(key, contentType);
      const target = pathOf(key);
      await mkdir(root, { recursive: true, mode: DIR_MODE });
      await mkdir(dirname(target), { recursive: true, mode: DIR_MODE });
      // A temporary name can never be a valid key (keys have no '.' before the extension), so get() never sees it.
      const temporary = `${target}.${randomUUID()}.tmp`;
      const handle = await open(temporary, 'wx', FILE_MODE);
      try {
        try {
          await handle.writeFile(data);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, target);
      } catch (error) {
        await unlink(temporary).catch(() => undefined);
        throw error;
      }
    },

    async get(key) {
      assertValidKey(key);
      try {
        return { data: await readFile(pathOf(key)), contentType: contentTypeOfKey(key) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertValidKey(key);
      try {
        await unlink(pathOf(key));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
  };
}

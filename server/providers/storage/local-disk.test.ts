import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidStorageKeyError } from './file-storage.ts';
import { createLocalDiskStorage } from './local-disk.ts';

let dir: string;
let root: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'local-disk-'));
  root = join(dir, 'data', 'uploads');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const KEY = 'documents/42/0b9f5d4e-7a1c-4c3e-9d2b-5f1e8a6c7d90.jpg';

describe('local disk storage', () => {
  it('puts, gets and deletes a file, creating its folders', async () => {
    const storage = createLocalDiskStorage(root);
    expect(storage.name).toBe('local-disk');
    expect(await storage.get(KEY)).toBeNull();
    await storage.put(KEY, Buffer.from('jpeg bytes'), 'image/jpeg');
    expect(await storage.get(KEY)).toEqual({ data: Buffer.from('jpeg bytes'), contentType: 'image/jpeg' });
    await storage.put('signatures/42/s.png', Buffer.from('png bytes'), 'image/png');
    expect((await storage.get('signatures/42/s.png'))?.contentType).toBe('image/png');
    await storage.delete(KEY);
    expect(await storage.get(KEY)).toBeNull();
    await expect(storage.delete(KEY)).resolves.toBeUndefined(); // deleting twice is fine
  });

  it('keeps identity documents private: folders 0700, files 0600', async () => {
    await createLocalDiskStorage(root).put(KEY, Buffer.from('x'), 'image/jpeg');
    for (const folder of [join(dir, 'data'), root, join(root, 'documents'), join(root, 'documents', '42')]) {
      expect((await stat(folder)).mode & 0o777, folder).toBe(0o700);
    }
    expect((await stat(join(root, KEY))).mode & 0o777).toBe(0o600);
  });

  it('writes atomically: concurrent readers see a whole old or new file, and no temporary file is left', async () => {
    const storage = createLocalDiskStorage(root);
    const versions = [0x11, 0x22, 0x33, 0x44].map((byte) => Buffer.alloc(2 * 1024 * 1024, byte));
    await storage.put(KEY, versions[0]!, 'image/jpeg');
    const seen: Buffer[] = [];
    const reader = async () => {
      for (let i = 0; i < 30; i++) {
        const file = await storage.get(KEY);
        if (file) seen.push(file.data);
      }
    };
    await Promise.all([...versions.map((data) => storage.put(KEY, data, 'image/jpeg')), reader(), reader()]);
    expect(seen.length).toBe(60); // the file never went missing
    for (const data of seen) expect(versions.some((version) => version.equals(data))).toBe(true);
    expect(await readdir(join(root, 'documents', '42'))).toEqual(['0b9f5d4e-7a1c-4c3e-9d2b-5f1e8a6c7d90.jpg']);
  });

  it('leaves no temporary file and other files intact when a write fails', async () => {
    const storage = createLocalDiskStorage(root);
    await storage.put('documents/1/a.jpg', Buffer.from('old'), 'image/jpeg');
    // A non-empty folder where the target file should be: the data is written, then the rename fails.
    await mkdir(join(root, 'documents', '1', 'd.jpg', 'inside'), { recursive: true });
    await expect(storage.put('documents/1/d.jpg', Buffer.from('new'), 'image/jpeg')).rejects.toThrow();
    expect((await storage.get('documents/1/a.jpg'))?.data.toString()).toBe('old');
    expect((await readdir(join(root, 'documents', '1'))).sort()).toEqual(['a.jpg', 'd.jpg']);
  });

  it('rejects bad keys and a content type that does not match the extension, touching nothing', async () => {
    const storage = createLocalDiskStorage(root);
    for (const key of ['../outside.jpg', '/etc/passwd.jpg', 'documents/../../x.jpg', 'a/b.exe', 'A.jpg']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.get(key)).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.delete(key)).rejects.toThrow(InvalidStorageKeyError);
    }
    await expect(storage.put('a/b.png', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(InvalidStorageKeyError);
    expect(await readdir(dir)).toEqual([]);
  });
});

import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Keyring } from '#server/crypto/keyring.ts';
import { createEncryptedStorage } from './encrypted.ts';
import { createLocalDiskStorage } from './local-disk.ts';

const k1 = { id: 'k1', secret: randomBytes(32) };
const k2 = { id: 'k2', secret: randomBytes(32) };
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), Buffer.from('JFIF'), randomBytes(200)]);

describe('encrypted file storage', () => {
  it('writes ciphertext to the backend and gives the owner the plain file back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'enc-'));
    const storage = createEncryptedStorage(createLocalDiskStorage(dir), new Keyring([k1]));
    await storage.put('documents/c1/a.jpg', JPEG, 'image/jpeg');
    const onDisk = readFileSync(join(dir, 'documents', 'c1', 'a.jpg'));
    expect(onDisk.subarray(0, 5).toString('latin1')).toBe('PAENC');
    expect(onDisk.includes(Buffer.from('JFIF'))).toBe(false);
    expect(await storage.get('documents/c1/a.jpg')).toEqual({ data: JPEG, contentType: 'image/jpeg' });
    expect(await storage.get('documents/c1/missing.jpg')).toBeNull();
    // A file copied under another customer's key does not open.
    mkdirSync(join(dir, 'documents', 'c2'));
    writeFileSync(join(dir, 'documents', 'c2', 'a.jpg'), onDisk);
    await expect(storage.get('documents/c2/a.jpg')).rejects.toMatchObject({ code: 'DATA_DECRYPT_FAILED' });
  });

  it('still reads a plain file from before encryption, and reseals plain and old-key files under the current key', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'enc-'));
    const disk = createLocalDiskStorage(dir);
    await disk.put('documents/c1/plain.jpg', JPEG, 'image/jpeg');
    await createEncryptedStorage(disk, new Keyring([k1])).put('documents/c1/old.jpg', JPEG, 'image/jpeg');
    const storage = createEncryptedStorage(disk, new Keyring([k2, k1]));
    expect((await storage.get('documents/c1/plain.jpg'))?.data).toEqual(JPEG);
    expect(await storage.reseal('documents/c1/plain.jpg')).toBe('resealed');
    expect(await storage.reseal('documents/c1/old.jpg')).toBe('resealed');
    expect(await storage.reseal('documents/c1/old.jpg')).toBe('current');
    expect(await storage.reseal('documents/c1/none.jpg')).toBe('missing');
    const onlyK2 = createEncryptedStorage(disk, new Keyring([k2]));
    expect((await onlyK2.get('documents/c1/plain.jpg'))?.data).toEqual(JPEG);
    expect((await onlyK2.get('documents/c1/old.jpg'))?.data).toEqual(JPEG);
  });
});

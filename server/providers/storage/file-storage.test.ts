import { describe, expect, it } from 'vitest';
import { assertPutArguments, assertValidKey, contentTypeOfKey, InvalidStorageKeyError } from './file-storage.ts';

describe('storage keys', () => {
  it('accepts the keys callers make', () => {
    for (const key of ['documents/42/0b9f5d4e-7a1c-4c3e-9d2b-5f1e8a6c7d90.jpg', 'signatures/7/a_b-c.png', 'x.jpg']) {
      expect(() => assertValidKey(key)).not.toThrow();
    }
  });

  it('rejects traversal, absolute paths, empty segments, other types and odd characters', () => {
    const bad = [
      '../etc/passwd.jpg',
      'documents/../../x.jpg',
      '/documents/1/x.jpg',
      'documents//x.jpg',
      'documents/.jpg',
      'documents/1/x.jpeg',
      'documents/1/x.JPG',
      'Documents/1/x.jpg',
      'documents/1/x.svg',
      'documents/1/x.html',
      'documents/1/x.jpg/',
      'documents\\1\\x.jpg',
      'documents/1/x y.jpg',
      'documents/1/x.jpg\0.png',
      'documents/1/x%2e%2e.jpg',
      '_x.jpg',
      '',
      `${'a/'.repeat(300)}x.jpg`,
    ];
    for (const key of bad) expect(() => assertValidKey(key), key).toThrow(InvalidStorageKeyError);
  });

  it('derives the content type from the extension and refuses a mismatch', () => {
    expect(contentTypeOfKey('a/b.jpg')).toBe('image/jpeg');
    expect(contentTypeOfKey('a/b.png')).toBe('image/png');
    expect(() => assertPutArguments('a/b.png', 'image/png')).not.toThrow();
    expect(() => assertPutArguments('a/b.jpg', 'image/png')).toThrow(InvalidStorageKeyError);
    expect(() => assertPutArguments('a/b.jpg', 'text/html')).toThrow(/holds image\/jpeg/);
  });
});

import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DecryptError,
  isFileEnvelope,
  keyIdOfFile,
  keyIdOfText,
  keyedHash,
  keyedHashes,
  openBytes,
  openText,
  sealBytes,
  sealText,
} from './envelope.ts';
import { formatDataKeys, Keyring, parseDataKeys, UnknownDataKeyError } from './keyring.ts';
import { idNumberHash, idNumberHashes, phoneHash, phoneHashes } from './lookup-hashes.ts';

const k1 = { id: 'k1', secret: randomBytes(32) };
const k2 = { id: 'k2', secret: randomBytes(32) };

describe('data keys', () => {
  it('parses DATA_KEYS, first key current, and round-trips the key file form', () => {
    const text = `k2:${k2.secret.toString('base64')}, k1:${k1.secret.toString('base64url')}`;
    const { keys, problem } = parseDataKeys(text);
    expect(problem).toBeUndefined();
    expect(keys?.map((key) => key.id)).toEqual(['k2', 'k1']);
    expect(keys?.[1]?.secret.equals(k1.secret)).toBe(true);
    expect(new Keyring(keys!).currentId).toBe('k2');
    expect(parseDataKeys(formatDataKeys(keys!)).keys).toEqual(keys);
  });

  it('says what is wrong with a bad DATA_KEYS, never echoing the key', () => {
    const secret = randomBytes(16).toString('base64');
    expect(parseDataKeys(`k1:${secret}`).problem).toMatch(/exactly 32 random bytes/);
    expect(parseDataKeys(`k1:${secret}`).problem).not.toContain(secret);
    expect(parseDataKeys('nocolon').problem).toMatch(/<id>:<base64/);
    expect(parseDataKeys(`k.1:${k1.secret.toString('base64')}`).problem).toMatch(/<id>:<base64/);
    expect(parseDataKeys(`k1:${k1.secret.toString('base64')},k1:${k2.secret.toString('base64')}`).problem).toMatch(
      /twice/,
    );
    expect(parseDataKeys(' , ').problem).toMatch(/no key/);
  });
});

describe('envelopes', () => {
  const ring = new Keyring([k2, k1]);
  const old = new Keyring([k1]);

  it('encrypts text under the current key with a fresh IV, and opens it only at its place', () => {
    const a = sealText(ring, '{"idNumber":"P1234567A"}', 'profile_sections.data');
    const b = sealText(ring, '{"idNumber":"P1234567A"}', 'profile_sections.data');
    expect(a).toMatch(/^v1\.k2\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('P1234567A');
    expect(keyIdOfText(a)).toBe('k2');
    expect(openText(ring, a, 'profile_sections.data')).toBe('{"idNumber":"P1234567A"}');
    expect(() => openText(ring, a, 'payouts.account')).toThrow(DecryptError);
  });

  it('opens values of an older key, refuses a key it lacks and a changed byte', () => {
    const byOld = sealText(old, 'secret', 'audit_log.phone');
    expect(openText(ring, byOld, 'audit_log.phone')).toBe('secret');
    expect(() => openText(new Keyring([k2]), byOld, 'audit_log.phone')).toThrow(UnknownDataKeyError);
    const parts = byOld.split('.');
    parts[3] = Buffer.from('SECRET').toString('base64url');
    expect(() => openText(ring, parts.join('.'), 'audit_log.phone')).toThrow(DecryptError);
    // The key id is authenticated too: an envelope relabelled with another key's id does not open.
    expect(() => openText(ring, byOld.replace('v1.k1.', 'v1.k2.'), 'audit_log.phone')).toThrow(DecryptError);
  });

  it('encrypts files with a header that is never a JPEG or PNG, bound to the storage key', () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)]);
    const sealed = sealBytes(ring, jpeg, 'file:documents/a/1.jpg');
    expect(isFileEnvelope(sealed)).toBe(true);
    expect(isFileEnvelope(jpeg)).toBe(false);
    expect(keyIdOfFile(sealed)).toBe('k2');
    expect(openBytes(ring, sealed, 'file:documents/a/1.jpg').equals(jpeg)).toBe(true);
    expect(() => openBytes(ring, sealed, 'file:documents/b/1.jpg')).toThrow(DecryptError);
    const changed = Buffer.from(sealed);
    changed[changed.length - 1]! ^= 1;
    expect(() => openBytes(ring, changed, 'file:documents/a/1.jpg')).toThrow(DecryptError);
  });

  it('keyed hashes: equal for equal values under one key, one per key for lookups, normalised', () => {
    expect(keyedHash(ring, 'phone', '9171234567')).toBe(keyedHash(ring, 'phone', '9171234567'));
    expect(keyedHash(ring, 'phone', '9171234567')).toMatch(/^h1\.k2\./);
    expect(keyedHash(ring, 'phone', '9171234567')).not.toBe(keyedHash(ring, 'id-number', '9171234567'));
    expect(keyedHashes(ring, 'phone', '9171234567')).toEqual([
      keyedHash(ring, 'phone', '9171234567'),
      keyedHash(old, 'phone', '9171234567'),
    ]);
    expect(phoneHash(ring, '+63 917-123-4567')).toBe(phoneHash(ring, '9171234567'));
    expect(phoneHashes(ring, '09171234567')).toContain(phoneHash(old, '9171234567'));
    expect(idNumberHash(ring, { idType: 'passport', idNumber: 'p123-4567a' })).toBe(
      idNumberHashes(ring, 'passport', 'P1234567A')[0],
    );
    expect(idNumberHash(ring, { maritalStatus: 'single' })).toBeNull();
  });
});

/**
 * Staff passwords: scrypt (node:crypto; N=2^15, r=8, p=1, 64-byte key, 16-byte salt), stored as
 * `scrypt$<N>$<r>$<p>$<salt b64url>$<hash b64url>` so the cost can rise later. Compared in constant time.
 */
import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_BYTES = 64;
/** The least a staff password may be (NIST SP 800-63B: length over composition rules). */
export const MIN_PASSWORD_LENGTH = 12;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { N: n, r, p, maxmem: 256 * n * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password: spends the same time for an unknown e-mail as for a known one. */
export const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$' + Buffer.alloc(KEY_BYTES).toString('base64url');

/** Letters and digits that cannot be misread for one another (no 0/O, 1/l/I). */
const TEMPORARY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * A one-time password an administrator hands over (a new account, a reset): 4 groups of 4 characters, about 78 bits,
 * easy to read out and type. Its owner must replace it at the first sign-in.
 */
export function temporaryPassword(): string {
  const chars = Array.from({ length: 16 }, () => TEMPORARY_ALPHABET[randomInt(TEMPORARY_ALPHABET.length)]!);
  return [0, 4, 8, 12].map((start) => chars.slice(start, start + 4).join('')).join('-');
}

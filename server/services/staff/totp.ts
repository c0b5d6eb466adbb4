/**
 * Staff second factor: TOTP as authenticator apps do it (RFC 6238: 6 digits, 30-second steps, SHA-1), a code of the
 * step before or after now accepted for clock drift. The step of an accepted code is what `totpLastStep` remembers.
 */
import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;
const DIGITS = 6;
/** Steps either side of now accepted (clock drift of the phone). */
const WINDOW = 1;

const totpOf = (secret: string, issuer = '', label = '') =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: DIGITS, period: PERIOD, algorithm: 'SHA1', issuer, label });

/** A new random secret (160 bits, base32) and the otpauth:// URI an authenticator app reads (from its QR code). */
export function newTotpEnrolment(issuer: string, label: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, issuer, label).toString() };
}

/** The time step of `code` within the window around `now`, or null when the code is wrong. */
export function totpStepOf(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/u.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD) + delta;
}

/**
 * Tests' staff members: an account of a role with a known password and TOTP secret, written straight to the database,
 * and a session token for it (what POST /api/v1/staff/auth/login would give after password and code).
 */
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { StaffRole } from '#domain/staff-roles.ts';
import type { Database } from '../db/database.ts';
import { staffAccounts } from '../db/tables.ts';
import { hashPassword } from '../services/staff/passwords.ts';
import { openStaffSession } from '../services/staff/sessions.ts';

export interface TestStaff {
  readonly id: string;
  readonly email: string;
  readonly password: string;
  readonly totpSecret: string;
  readonly role: StaffRole;
  /** A live session's bearer token. */
  readonly token: string;
}

let passwordHashOnce: Promise<string> | undefined;
const PASSWORD = 'correct horse battery staple';

export async function addTestStaff(db: Database, role: StaffRole, now: Date = new Date()): Promise<TestStaff> {
  passwordHashOnce ??= hashPassword(PASSWORD);
  const totpSecret = new Secret({ size: 20 }).base32;
  const email = `${role.toLowerCase()}-${randomBytes(4).toString('hex')}@lender.test`;
  const [row] = await db
    .insert(staffAccounts)
    .values({ email, name: `Test ${role}`, role, passwordHash: await passwordHashOnce, totpSecret })
    .returning({ id: staffAccounts.id });
  const { token } = await openStaffSession(db, row!.id, '127.0.0.1', now);
  return { id: row!.id, email, password: PASSWORD, totpSecret, role, token };
}

/** The current code of a TOTP secret (30-second steps, 6 digits, SHA-1: what authenticator apps use). */
export function totpCode(secret: string, at: Date = new Date()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at.getTime(),
  });
}

/** Headers of a staff request. */
export const staffHeaders = (staff: Pick<TestStaff, 'token'>) => ({ authorization: `Bearer ${staff.token}` });

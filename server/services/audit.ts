/**
 * Security events in the audit log (server/db/tables.ts auditLog). Never a code, a token or a password. The phone is
 * encrypted by its column type, with a keyed hash beside it to find the events of one phone (phoneHashes).
 */
import { dataKeys } from '../crypto/data-keys.ts';
import { phoneHash } from '../crypto/lookup-hashes.ts';
import type { Database } from '../db/database.ts';
import { auditLog } from '../db/tables.ts';
import type { Tx } from './idempotency.ts';

export type AuditEvent =
  | 'otp.sent'
  | 'otp.refused'
  | 'login.succeeded'
  | 'login.failed'
  | 'otp.voided'
  | 'logout'
  | 'throttled'
  | 'captcha.required'
  | 'captcha.failed'
  | 'access.refused'
  | 'document.uploaded'
  | 'document.refused'
  | 'step.identity-refused'
  | 'collection.dispute-opened'
  | 'collection.consent-changed'
  | 'collection.promise-kept'
  | 'collection.promise-broken'
  | 'collection.assigned-by-rule'
  | 'collection.complaint-received';

export interface AuditEntry {
  readonly event: AuditEvent;
  readonly customerId?: string | null;
  readonly phone?: string | null;
  readonly ip?: string | null;
  readonly deviceId?: string | null;
  readonly detail?: Record<string, unknown>;
}

/**
 * A staff action or look: who (staffId), what (`staff.<action>`), which customer, the target (an order,
 * request or staff id) and non-personal details. Written in the same transaction as the action when there is one.
 */
export interface StaffAuditEntry {
  readonly staffId: string;
  readonly action: string;
  readonly customerId?: string | null;
  readonly ip?: string | null;
  readonly detail?: Record<string, unknown>;
}

export async function staffAudit(db: Database | Tx, entry: StaffAuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    event: `staff.${entry.action}`,
    staffId: entry.staffId,
    customerId: entry.customerId ?? null,
    ip: entry.ip ?? null,
    detail: entry.detail ?? null,
  });
}

export async function audit(db: Database | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    event: entry.event,
    customerId: entry.customerId ?? null,
    phone: entry.phone ?? null,
    phoneHash: entry.phone ? phoneHash(dataKeys(), entry.phone) : null,
    ip: entry.ip ?? null,
    deviceId: entry.deviceId ?? null,
    detail: entry.detail ?? null,
  });
}

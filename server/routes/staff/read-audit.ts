/**
 * Staff reads of lists that hold personal data (the feedback inbox, the review queue, coupon grants, deletion
 * requests, refunds, the audit log, the staff accounts) are audited like a customer's view: one row per page read,
 * written before the page is answered. The row says which list, with which filters, which page and how many rows it
 * showed, never what they hold.
 */
import type { FastifyRequest } from 'fastify';
import type { Database } from '#server/db/database.ts';
import { staffOf } from '#server/plugins/staff-auth.ts';
import { staffAudit } from '#server/services/audit.ts';

/** One page of a list read. */
export interface ListRead {
  /** `<area>.listed` (the audit screen names it: locales/<lng>/staff.json audit.events.staff). */
  readonly action: string;
  /** A list of one customer's (their deletion requests). */
  readonly customerId?: string;
  /** The filters given, undefined ones left out (ids, states, dates: never a personal value). */
  readonly filters?: Record<string, unknown>;
  readonly page: number;
  /** The page's answer. */
  readonly answer: { readonly items: readonly unknown[]; readonly total: number };
}

/** Writes the row of a list read by the request's staff member. */
export async function auditListRead(db: Database, request: FastifyRequest, read: ListRead): Promise<void> {
  const filters = Object.fromEntries(Object.entries(read.filters ?? {}).filter(([, value]) => value !== undefined));
  await staffAudit(db, {
    staffId: staffOf(request).staffId,
    action: read.action,
    customerId: read.customerId ?? null,
    ip: request.ip,
    detail: {
      ...(Object.keys(filters).length > 0 && { filters }),
      page: read.page,
      count: read.answer.items.length,
      total: read.answer.total,
    },
  });
}

/**
 * The feedback inbox and replies, and coupon grants with their four-eyes approval above config/staff.json's amount or
 * past its caps per customer and per requester (./coupon-grant-caps.ts). Each write locks its row: two staff acting
 * at once, one wins and the other gets REQUEST_STATE. All audited.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '#server/db/database.ts';
import { couponGrants, customers, feedback, staffAccounts } from '#server/db/tables.ts';
import { ApiError } from '#server/errors.ts';
import { staffAudit } from '../audit.ts';
import { couponDefinition, issue } from '../coupons.ts';
import { notify } from '../messages.ts';
import { grantWaits, grantWaitsFor, lockGrantScopes, type GrantWait } from './coupon-grant-caps.ts';
import { customerHeads, maskedWho } from './customer-facts.ts';
import { feedbackView, grantView } from './customers.ts';
import { staffConfig } from './staff-config.ts';

export function createServiceDesk(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;
  const config = staffConfig.couponGrant;

  async function inbox(state: string | undefined, page: number, perPage: number) {
    // Complaints about collection are feedback of their own kind, with their own list and deadlines.
    const plain = eq(feedback.kind, 'feedback');
    const where = state ? and(plain, eq(feedback.state, state)) : plain;
    const rows = await db
      .select()
      .from(feedback)
      .where(where)
      .orderBy(asc(feedback.createdAt), asc(feedback.id))
      .limit(perPage)
      .offset((page - 1) * perPage);
    const [total] = await db.select({ n: count() }).from(feedback).where(where);
    return {
      items: rows.map((f) => ({
        id: f.id,
        customerId: f.customerId,
        category: f.category,
        text: f.text,
        state: f.state,
        createdAt: f.createdAt.toISOString(),
      })),
      total: total?.n ?? 0,
    };
  }

  async function reply(staffId: string, ip: string, feedbackId: string, text: string) {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(feedback)
        .where(and(eq(feedback.id, feedbackId), eq(feedback.kind, 'feedback')))
        .for('update');
      if (!row) throw new ApiError('NOT_FOUND');
      if (row.state !== 'open') throw new ApiError('REQUEST_STATE', { state: row.state });
      const at = now();
      const [updated] = await tx
        .update(feedback)
        .set({ state: 'answered', reply: text, repliedAt: at, repliedBy: staffId })
        .where(eq(feedback.id, feedbackId))
        .returning();
      await notify(tx, {
        customerId: row.customerId,
        template: 'feedbackReplied',
        params: {},
        link: '/feedback',
        dedupeKey: `feedback-reply:${row.id}`,
        at,
      });
      await staffAudit(tx, {
        staffId,
        action: 'feedback.replied',
        customerId: row.customerId,
        ip,
        detail: { feedbackId },
      });
      return feedbackView(updated!);
    });
  }

  async function grant(staffId: string, ip: string, customerId: string, definitionId: string, reason: string) {
    if (!config.definitions.includes(definitionId))
      throw new ApiError('VALIDATION_FAILED', {
        errors: [
          {
            instancePath: '/definitionId',
            keyword: 'enum',
            params: { allowedValues: config.definitions },
          },
        ],
      });
    const def = couponDefinition(definitionId);
    return db.transaction(async (tx) => {
      const [customer] = await tx
        .select({ id: customers.id, erasedAt: customers.erasedAt })
        .from(customers)
        .where(eq(customers.id, customerId));
      if (!customer || customer.erasedAt) throw new ApiError('NOT_FOUND');
      // Counted under the locks, so simultaneous grants cannot pass a cap together.
      await lockGrantScopes(tx, staffId, customerId);
      const at = now();
      const waitsFor = await grantWaitsFor(tx, config, {
        requestedBy: staffId,
        customerId,
        amount: def.amountCentavos,
        at,
      });
      const pending = waitsFor.length > 0;
      const [row] = await tx
        .insert(couponGrants)
        .values({
          customerId,
          definitionId,
          amount: def.amountCentavos,
          reason,
          state: pending ? 'pending' : 'issued',
          requestedBy: staffId,
          createdAt: at,
        })
        .returning();
      let couponId: string | null = null;
      if (!pending) {
        const coupon = await issue(tx, customerId, definitionId, 'staff', `staff-grant:${row!.id}`, at);
        couponId = coupon?.id ?? null;
        await tx.update(couponGrants).set({ couponId, decidedAt: at }).where(eq(couponGrants.id, row!.id));
      }
      // The event keeps why the grant waits: the approval queue reads it there (grantWaits).
      await staffAudit(tx, {
        staffId,
        action: 'coupon.granted',
        customerId,
        ip,
        detail: { grantId: row!.id, definitionId, state: row!.state, waitsFor },
      });
      return { id: row!.id, state: row!.state as 'issued' | 'pending', couponId, waitsFor };
    });
  }

  async function grants(state: string | undefined, page: number, perPage: number) {
    const where = state ? eq(couponGrants.state, state) : undefined;
    const rows = await db
      .select({ grant: couponGrants, requestedByName: staffAccounts.name })
      .from(couponGrants)
      .innerJoin(staffAccounts, eq(staffAccounts.id, couponGrants.requestedBy))
      .where(where)
      .orderBy(asc(couponGrants.createdAt), asc(couponGrants.id))
      .limit(perPage)
      .offset((page - 1) * perPage);
    const [total] = await db.select({ n: count() }).from(couponGrants).where(where);
    const heads = await customerHeads(
      db,
      rows.map((r) => r.grant.customerId),
    );
    const waits = await grantWaits(
      db,
      config,
      rows.map((r) => r.grant),
    );
    return {
      items: rows.map(({ grant, requestedByName }) => ({
        ...grantView(grant),
        requestedByName,
        customer: maskedWho(heads, grant.customerId),
        waitsFor: waits.get(grant.id) ?? ([] as readonly GrantWait[]),
      })),
      total: total?.n ?? 0,
    };
  }

  async function decideGrant(staffId: string, ip: string, grantId: string, approve: boolean) {
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(couponGrants).where(eq(couponGrants.id, grantId)).for('update');
      if (!row) throw new ApiError('NOT_FOUND');
      if (row.state !== 'pending') throw new ApiError('REQUEST_STATE', { state: row.state });
      if (row.requestedBy === staffId) throw new ApiError('SAME_PERSON');
      // The caps are not counted again: this decision is the second person they ask for, whatever the reason it waits.
      let couponId: string | null = null;
      if (approve)
        couponId =
          (await issue(tx, row.customerId, row.definitionId, 'staff', `staff-grant:${row.id}`, now()))?.id ?? null;
      const [updated] = await tx
        .update(couponGrants)
        .set({ state: approve ? 'issued' : 'refused', decidedBy: staffId, decidedAt: now(), couponId })
        .where(and(eq(couponGrants.id, grantId), eq(couponGrants.state, 'pending')))
        .returning();
      await staffAudit(tx, {
        staffId,
        action: approve ? 'coupon.grant-approved' : 'coupon.grant-refused',
        customerId: row.customerId,
        ip,
        detail: { grantId },
      });
      return grantView(updated!);
    });
  }

  return { inbox, reply, grant, grants, decideGrant };
}

export type ServiceDesk = ReturnType<typeof createServiceDesk>;

/**
 * The review queue (docs/staff-console.md): orders the underwriting job left for a person, one order's application
 * (masked), and the staff decision through the loan core's one decision path (decideOrder), so the borrower sees
 * exactly what an automatic decision gives. Reads and decisions are audited.
 */
import { eq } from 'drizzle-orm';
import { addDays } from '#domain/calendar-date.ts';
import type { DecisionInput } from '#api-contract/staff-ops.ts';
import type { Database } from '#server/db/database.ts';
import { staffAccounts } from '#server/db/tables.ts';
import { ApiError } from '#server/errors.ts';
import { staffAudit } from '../audit.ts';
import type { LoanService } from '../loans.ts';
import {
  countOrdersUnderReview,
  findOrder,
  latestEventData,
  orderHistoryOf,
  ordersUnderReview,
} from '../loans/repository.ts';
import { sectionOfEach } from '../profile-sections.ts';
import { customerHead, documentList, maskedProfile, notesOf } from './customer-facts.ts';
import { maskValue } from './masking.ts';
import { staffConfig } from './staff-config.ts';

/** The longest a staff member may push the reapply day out. */
const MAX_REAPPLY_DAYS = 180;

interface StoredDecision {
  decision?: string;
  reason?: string;
  reviewReason?: string;
  limitCentavos?: number;
  by?: unknown;
  decidedAt?: string;
  note?: string;
  facts?: Record<string, unknown> | null;
}

/** A decision as the console shows it: who (the staff member's name), when, the limit or the reason and reapply day. */
export function decisionView(stored: unknown, order: { reapplyAfter: string | null }, staffName: string | null) {
  const d = stored as StoredDecision | null;
  if (!d || d.decision === 'review' || !d.decision) return null;
  return {
    by: (d.by ?? 'system') as 'system' | { staffId: string },
    staffName,
    decision: d.decision,
    limit: d.limitCentavos ?? null,
    reason: d.decision === 'reject' ? (d.reason ?? null) : null,
    reapplyAfter: d.decision === 'reject' ? order.reapplyAfter : null,
    note: d.note ?? null,
    at: d.decidedAt ?? null,
  };
}

/** The staff member who decided, if a person did. */
function deciderId(stored: unknown): string | undefined {
  const by = (stored as StoredDecision | null)?.by;
  return by && typeof by === 'object' && typeof (by as { staffId?: unknown }).staffId === 'string'
    ? (by as { staffId: string }).staffId
    : undefined;
}

export function createReviewService(deps: { db: Database; now: () => Date; loans: LoanService }) {
  const { db, now, loans } = deps;

  /** The approvable limit's range: the sub-product's minimum amount up to underwriting's maximum limit. */
  function limitRange(productId: string, subProductId: string) {
    return { min: loans.subOf(productId, subProductId).amount.minCentavos, max: loans.underwriting.maxLimitCentavos };
  }

  async function staffNameOf(staffId: string | undefined): Promise<string | null> {
    if (!staffId) return null;
    const [row] = await db
      .select({ name: staffAccounts.name })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, staffId));
    return row?.name ?? null;
  }

  /**
   * Why underwriting left the order for a person: the waiting decision's reason, after a decision its reviewReason,
   * and for an order decided before reviewReason was kept, the reason of its 'review' event.
   */
  async function reviewReasonOf(orderId: string, stored: StoredDecision | null): Promise<string | null> {
    if (!stored) return null;
    if (stored.decision === 'review') return stored.reason ?? null;
    if (stored.reviewReason) return stored.reviewReason;
    const data = await latestEventData(db, orderId, 'review');
    const reason = (data as { reason?: unknown } | null | undefined)?.reason;
    return typeof reason === 'string' ? reason : null;
  }

  async function queue(page: number, perPage: number) {
    const orders = await ordersUnderReview(db, perPage, (page - 1) * perPage);
    const identities = await sectionOfEach(
      db,
      orders.map((order) => order.customerId),
      'identityInfo',
    );
    const total = await countOrdersUnderReview(db);
    const at = now().getTime();
    return {
      items: orders.map((order) => {
        const name = identities.get(order.customerId)?.['name'];
        return {
          orderId: order.id,
          orderNo: order.orderNo,
          customerId: order.customerId,
          customerName: typeof name === 'string' ? maskValue(name) : '',
          principalCentavos: order.principal,
          termDays: order.termDays,
          productId: order.productId,
          subProductId: order.subProductId,
          reason: (order.decision as StoredDecision | null)?.reason ?? null,
          appliedAt: order.createdAt.toISOString(),
          waitingSeconds: Math.max(0, Math.floor((at - order.createdAt.getTime()) / 1000)),
        };
      }),
      total,
    };
  }

  async function review(orderId: string, staffId: string, ip: string) {
    const order = await findOrder(db, orderId);
    if (!order) throw new ApiError('NOT_FOUND');
    const head = await customerHead(db, order.customerId);
    if (!head) throw new ApiError('NOT_FOUND');
    const past = await orderHistoryOf(db, order.customerId);
    const stored = order.decision as StoredDecision | null;
    await staffAudit(db, { staffId, action: 'review.viewed', customerId: order.customerId, ip, detail: { orderId } });
    return {
      order: {
        id: order.id,
        orderNo: order.orderNo,
        state: order.state,
        principalCentavos: order.principal,
        termDays: order.termDays,
        appliedAt: order.createdAt.toISOString(),
        reason: await reviewReasonOf(order.id, stored),
        facts: (stored?.facts ?? null) as Record<string, string | number | null> | null,
        decision: decisionView(stored, order, await staffNameOf(deciderId(stored))),
      },
      customer: { id: order.customerId, phoneMasked: head.phoneMasked, nameMasked: head.nameMasked },
      profile: (await maskedProfile(db, order.customerId)).map(({ step, fields }) => ({ step, fields })),
      documents: await documentList(db, order.customerId),
      history: past
        .filter((o) => o.id !== order.id)
        .map((o) => {
          const v = loans.orderView(o);
          return {
            orderNo: o.orderNo,
            state: o.state,
            principalCentavos: o.principal,
            loanDate: v.loanDate,
            dueDate: v.dueDate,
            overdueDays: v.overdueDays,
            amountRepaidCentavos: v.amountRepaidCentavos,
          };
        }),
      notes: await notesOf(db, order.customerId),
    };
  }

  async function decide(orderId: string, input: DecisionInput, staffId: string, ip: string) {
    const found = await findOrder(db, orderId);
    if (!found) throw new ApiError('NOT_FOUND');
    const by = { staffId };
    const today = loans.today();
    let updated;
    if (input.decision === 'approve') {
      const { min, max } = limitRange(found.productId, found.subProductId);
      if (input.limitCentavos < min || input.limitCentavos > max)
        throw new ApiError('LIMIT_OUT_OF_RANGE', { min, max });
      updated = await loans.decideOrder(orderId, { decision: 'approve', limitCentavos: input.limitCentavos }, by);
    } else {
      if (!staffConfig.rejectReasons.includes(input.reason))
        throw new ApiError('VALIDATION_FAILED', {
          errors: [{ instancePath: '/reason', keyword: 'enum', params: { allowedValues: staffConfig.rejectReasons } }],
        });
      const earliest = addDays(today, loans.underwriting.rejectReapplyDays);
      const wanted = input.reapplyAfter;
      if (wanted !== undefined && (wanted < today || wanted > addDays(today, MAX_REAPPLY_DAYS)))
        throw new ApiError('VALIDATION_FAILED', {
          errors: [{ instancePath: '/reapplyAfter', keyword: 'range', params: { maxDays: MAX_REAPPLY_DAYS } }],
        });
      const reapplyAfter = wanted !== undefined && wanted > earliest ? wanted : earliest;
      updated = await loans.decideOrder(
        orderId,
        { decision: 'reject', reason: input.reason, reapplyAfter },
        by,
        undefined,
        input.note,
      );
    }
    await staffAudit(db, {
      staffId,
      action: 'review.decided',
      customerId: found.customerId,
      ip,
      detail: {
        orderId,
        decision: input.decision,
        ...(input.decision === 'approve' ? { limitCentavos: input.limitCentavos } : { reason: input.reason }),
      },
    });
    return {
      orderId,
      state: updated.state,
      decision: decisionView(updated.decision, updated, await staffNameOf(staffId))!,
    };
  }

  return { limitRange, queue, review, decide };
}

export type ReviewService = ReturnType<typeof createReviewService>;

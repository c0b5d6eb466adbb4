/**
 * Overpayment refunds for staff (docs/loans-and-money.md, "Overpayments and refunds"): the list (failed ones need a
 * person: the payout account on file could not take the money, or there was none), one customer's, and the retry once
 * the borrower fixed their account (server/services/loans/refunds.ts retry: a new send, audited in its transaction).
 */
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/database.ts';
import { refunds } from '#server/db/tables.ts';
import { ApiError } from '#server/errors.ts';
import type { LoanService } from '../loans.ts';
import { orderNoOf, refundsWithOrderNo } from '../loans/repository.ts';
import { customerHeads, maskedWho } from './customer-facts.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type RefundRow = typeof refunds.$inferSelect;

function staffRefundView(refund: RefundRow, orderNo: string, customer: { nameMasked: string; phoneMasked: string }) {
  return {
    id: refund.id,
    orderId: refund.orderId,
    orderNo,
    paymentId: refund.paymentId,
    customerId: refund.customerId,
    customer,
    amountCentavos: refund.amount,
    state: refund.state as 'requested' | 'sent' | 'succeeded' | 'failed',
    failureCode: refund.failureCode,
    attempt: refund.attempt,
    createdAt: refund.createdAt.toISOString(),
    sentAt: iso(refund.sentAt),
    completedAt: iso(refund.completedAt),
  };
}

export function createStaffRefunds(deps: { db: Database; loans?: LoanService }) {
  const { db, loans } = deps;

  /** Refunds newest first, of one state and one customer when given. */
  async function list(filter: { state?: string; customerId?: string }, page: number, perPage: number) {
    const conditions: SQL[] = [];
    if (filter.state) conditions.push(eq(refunds.state, filter.state));
    if (filter.customerId) conditions.push(eq(refunds.customerId, filter.customerId));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const rows = await refundsWithOrderNo(db, where, perPage, (page - 1) * perPage);
    const [total] = await db.select({ n: count() }).from(refunds).where(where);
    const heads = await customerHeads(
      db,
      rows.map((r) => r.refund.customerId),
    );
    return {
      items: rows.map(({ refund, orderNo }) => staffRefundView(refund, orderNo, maskedWho(heads, refund.customerId))),
      total: total?.n ?? 0,
    };
  }

  /** Sends a failed refund again (audited); answers it as it is now. */
  async function retry(staffId: string, ip: string, refundId: string) {
    if (!loans) throw new ApiError('NOT_FOUND');
    const refund = await loans.refunds.retry(staffId, ip, refundId);
    const orderNo = await orderNoOf(db, refund.orderId);
    const heads = await customerHeads(db, [refund.customerId]);
    return staffRefundView(refund, orderNo ?? '', maskedWho(heads, refund.customerId));
  }

  return { list, retry };
}

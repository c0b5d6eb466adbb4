/**
 * The rules of an order's life: which states follow which, which orders are still open, and how a repaying order
 * stands against its due date on the Manila calendar. The money of a disbursed loan (payments, extensions,
 * penalties) is the ledger's (loan-ledger.ts).
 */
import { daysBetween } from './calendar-date.ts';
import type { DueStatus, OrderState, PricingConfig } from './loan-types.ts';

/**
 * The order state machine (docs/product-rules.md). A failed disbursement goes back to withdrawable once the borrower
 * fixes the payout account; rejected and settled are final.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderState, readonly OrderState[]>> = {
  under_review: ['accepted', 'rejected'],
  // An approved order the borrower never took: an Easy Re-loan cancelled before its payout is closed as rejected.
  accepted: ['withdrawable', 'rejected'],
  rejected: [],
  withdrawable: ['disbursing'],
  disbursing: ['repaying', 'disbursement_failed'],
  disbursement_failed: ['withdrawable'],
  // A payout the gateway reverses after reporting it sent never reached the borrower: the loan is void.
  repaying: ['settled', 'disbursement_failed'],
  settled: [],
};

/** Every state an order can be in (the database holds `loan_orders.state` to these: server/db/tables.ts). */
export const ORDER_STATES = Object.keys(ORDER_TRANSITIONS) as readonly OrderState[];

/** True when an order may move from `from` to `to` in one step. */
export function canTransition(from: OrderState, to: OrderState): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/**
 * How a repaying order stands on `today`: overdue from the day after the due date, due_today on it, expiring in the
 * `expiringDays` days before it (so the borrower is warned), pending before that.
 */
export function dueStatus(config: Pick<PricingConfig, 'expiringDays'>, dueDate: string, today: string): DueStatus {
  const daysLeft = daysBetween(today, dueDate);
  if (daysLeft < 0) return 'overdue';
  if (daysLeft === 0) return 'due_today';
  return daysLeft <= config.expiringDays ? 'expiring' : 'pending';
}

/** Open: not settled and not rejected. A borrower has at most one open order (it blocks a new application). */
export function isOpenOrder(state: OrderState): boolean {
  return state !== 'settled' && state !== 'rejected';
}

/** The types the loan repository's modules share (../repository.ts says what the repository is). */
import type { Database } from '#server/db/database.ts';
import type { loanEvents, loanOrders, payments, payouts } from '#server/db/tables.ts';
import type { Tx } from '#server/services/idempotency.ts';

export type { Tx };
/** The database or one of its transactions. */
export type Db = Database | Tx;

export type OrderRow = typeof loanOrders.$inferSelect;
export type NewOrder = typeof loanOrders.$inferInsert;
export type OrderPatch = Partial<NewOrder>;
export type EventRow = typeof loanEvents.$inferSelect;
export type NewEvent = typeof loanEvents.$inferInsert;
export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type PayoutRow = typeof payouts.$inferSelect;
export type NewPayout = typeof payouts.$inferInsert;

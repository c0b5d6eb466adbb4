/**
 * The loan core: orders from application to settlement. Its parts, each a function of one shared context
 * (loans/context.ts: dependencies, config, the Manila day, the order's ledger):
 * - loans/repository.ts (its queries in loans/repository/): the one reader and writer of orders, events, payouts and
 *   payments; the lock order;
 * - loans/views.ts: what the API answers, every money figure from the ledger (domain/loan-ledger.ts);
 * - loans/money-operation.ts: the transaction of every money operation (the customer locked, the Idempotency-Key);
 * - loans/apply.ts: apply, underwriting, acceptance;
 * - loans/disburse.ts: withdrawal, payouts and their results, the payout account;
 * - loans/repay.ts: repayments (recorded first, then sent to the gateway) and the gateway's events;
 * - loans/refunds.ts: money paid over what was owed, sent back to the payout account on file;
 * - loans/jobs.ts: the job handlers and schedules (outboxes, accrual, reconciliation);
 * - loans/reads.ts: home, lists, one order, payments, quotes;
 * - loans/easy-reloan.ts: Easy Re-loan, the next loan applied for and paid out by itself through the parts above.
 * The arithmetic (pricing, the ledger, the state machine, underwriting) is the pure domain's.
 */
import { createApplication } from './loans/apply.ts';
import { createLoanContext, type LoanDeps } from './loans/context.ts';
import { createDisbursement } from './loans/disburse.ts';
import { createEasyReloan } from './loans/easy-reloan.ts';
import { createLoanJobs } from './loans/jobs.ts';
import { createLoanReads } from './loans/reads.ts';
import { createRefunds } from './loans/refunds.ts';
import { createRepayment } from './loans/repay.ts';
import { createLoanViews } from './loans/views.ts';

export {
  DEFAULT_LOAN_SETTINGS,
  pricingConfig,
  underwritingConfig,
  type Caller,
  type LoanDeps,
  type LoanInput,
  type LoanSettings,
} from './loans/context.ts';
export type { OrderView } from './loans/views.ts';

export function createLoanService(deps: LoanDeps) {
  const ctx = createLoanContext(deps);
  const views = createLoanViews(ctx);
  const application = createApplication(ctx, views);
  const disbursement = createDisbursement(ctx, views);
  const repayment = createRepayment(ctx, views);
  const jobs = createLoanJobs(ctx, application, disbursement, repayment);
  const reads = createLoanReads(ctx, views, application);
  const easyReloan = createEasyReloan(ctx, application, disbursement);
  const refunds = createRefunds(ctx);
  return {
    handlers: { ...jobs.handlers, ...easyReloan.handlers, ...refunds.handlers },
    easyReloan,
    schedules: [...jobs.schedules, ...refunds.schedules],
    accrueAll: jobs.accrueAll,
    reconcile: jobs.reconcile,
    remindAll: jobs.remindAll,
    apply: application.apply,
    accept: application.accept,
    decideOrder: application.decideOrder,
    /** The profile's limit screen: the limit, its history, what would raise it next. */
    limitView: application.limits.view,
    /** A one-time limit raise (addToHomeScreen, facebookBinding), once per customer; null when granted before. */
    grantRaise: application.limits.grant,
    grantRaiseInTx: application.limits.grantInTx,
    lockCustomer: ctx.repo.lockCustomer,
    /** An order's ledger brought to a Manila day (interest and penalties accrued): collections read what is overdue from it. */
    ledgerOn: ctx.ledgerOn,
    orderView: views.orderView,
    subOf: ctx.subOf,
    underwriting: ctx.underwriting,
    today: ctx.today,
    withdraw: disbursement.withdraw,
    withdrawQuote: disbursement.withdrawQuote,
    /** A payout result: a disbursement's, else a refund's (one callback for both: the gateway's payouts). */
    payoutResult: async (result: Parameters<typeof disbursement.payoutResult>[0]) => {
      const outcome = await disbursement.payoutResult(result);
      return outcome === 'unknown' ? refunds.payoutResult(result) : outcome;
    },
    /** Overpayments sent back: staff retry a failed one; the reconciliation of refunds without a result. */
    refunds: { retry: refunds.retry, reconcile: refunds.reconcile },
    guardPayoutStep: disbursement.guardPayoutStep,
    changePayoutAccount: disbursement.changePayoutAccount,
    signature: disbursement.signature,
    sign: disbursement.sign,
    createPayment: repayment.createPayment,
    paymentQuote: repayment.paymentQuote,
    paymentEvent: repayment.paymentEvent,
    /** The gateway's word that a payment's code expired unpaid (PayMongo `qrph.expired`): released. */
    paymentExpired: jobs.paymentExpired,
    ...reads,
  };
}

export type LoanService = ReturnType<typeof createLoanService>;

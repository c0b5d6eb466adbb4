/**
 * Test fixtures for the loan screens (imported by tests only): views in the contract's shapes (api-contract/loans.ts),
 * with real quotes from the domain, for the API mock (./api-mock.ts) to answer.
 */
import { accrue, openLedger, type Ledger } from '#domain/loan-ledger.ts';
import { scheduleOf, standingOf } from '#domain/loan-standing.ts';
import { dueStatus } from '#domain/loan-rules.ts';
import { capsFor } from '#domain/regulation.ts';
import type { HomeView, OrderDetail, OrderView, PaymentView } from '../api/loans.ts';
import { loanProduct, pricing, subProductById } from '../loans/pricing.ts';
import { liveQuote } from '../loans/quote.ts';

export const TODAY = '2026-05-04';

export function orderView(overrides: Partial<OrderView> = {}): OrderDetail {
  const sub = loanProduct.subProducts[0]!;
  const principal = overrides.principalCentavos ?? sub.amount.maxCentavos;
  const term = overrides.termDays ?? sub.termsDays[0]!;
  const quote = liveQuote(sub, principal, term, TODAY)!;
  return {
    id: '7d4f2a8e-1111-4c2b-9a51-000000000001',
    orderNo: 'PA2605040001AB',
    productId: loanProduct.id,
    subProductId: sub.id,
    state: 'under_review',
    dueStatus: null,
    principalCentavos: principal,
    termDays: term,
    quote,
    loanDate: null,
    dueDate: null,
    overdueDays: 0,
    lateFineCentavos: 0,
    damagesCentavos: 0,
    amountDueCentavos: quote.amountDueCentavos,
    amountAtDueCentavos: quote.amountDueCentavos,
    extension: null,
    instalment: null,
    schedule: scheduleOf(openLedger(quote), TODAY),
    paidPeriods: 0,
    amountRepaidCentavos: 0,
    extensionCount: 0,
    settledOn: null,
    reapplyAfter: null,
    cancelled: false,
    failureCode: null,
    payout: null,
    createdAt: '2026-05-04T02:00:00.000Z',
    updatedAt: '2026-05-04T02:00:00.000Z',
    payments: [],
    refunds: [],
    // The server's time agrees with the device's unless a test says otherwise.
    serverTime: new Date().toISOString(),
    ...overrides,
  };
}

/**
 * A disbursed order as the server answers it: the sub-product's loan of `principal` for `term` days made on
 * `loanDate`, through `history` (ledger steps: accruals, payments, extensions), seen on `day`.
 */
export function disbursedView(
  subId: string,
  principal: number,
  term: number,
  loanDate: string,
  day: string,
  history: (l: Ledger) => Ledger = (l) => l,
): OrderDetail {
  const sub = subProductById(subId)!;
  const quote = liveQuote(sub, principal, term, loanDate)!;
  const caps = capsFor(pricing, loanDate);
  // As the server reads it: brought to `day` (interest and penalties), as its ledgerOn does.
  const ledger = accrue(history(openLedger(quote)), sub, caps, day).ledger;
  const standing = standingOf(
    ledger,
    sub,
    { caps, extensionDays: pricing.extensionDays, windowDays: pricing.expiringDays },
    day,
  );
  const settled = standing.settledOn !== null;
  return orderView({
    subProductId: subId,
    principalCentavos: principal,
    termDays: term,
    quote,
    loanDate,
    state: settled ? 'settled' : 'repaying',
    dueStatus: settled || !standing.dueDate ? null : dueStatus(pricing, standing.dueDate, day),
    ...standing,
    ...(settled && { dueDate: null, instalment: null, extension: null }),
  });
}

export function homeView(overrides: Partial<HomeView> = {}): HomeView {
  return {
    today: TODAY,
    creditLimitCentavos: 500000,
    limitWithheld: null,
    profile: { complete: true, next: null },
    currentOrder: null,
    lastRejected: null,
    canApply: true,
    applyBlockedCode: null,
    signed: false,
    reloan: false,
    bankChangeAvailable: true,
    ...overrides,
  };
}

export function paymentView(overrides: Partial<PaymentView> = {}): PaymentView {
  return {
    id: '9a1b2c3d-2222-4c2b-9a51-000000000002',
    orderId: '7d4f2a8e-1111-4c2b-9a51-000000000001',
    orderNo: 'PA2605040001AB',
    kind: 'settle',
    channel: 'otc',
    state: 'in_progress',
    amountCentavos: 530000,
    couponId: null,
    discountCentavos: 0,
    reference: 'OTC-48213977',
    checkoutUrl: null,
    expiresAt: '2026-05-05T02:00:00.000Z',
    failureCode: null,
    declineCode: null,
    declinedAt: null,
    createdAt: '2026-05-04T02:00:00.000Z',
    completedAt: null,
    applied: null,
    refund: null,
    ...overrides,
  };
}

/**
 * Test fixtures for the loan screens (imported by tests only): views in the contract's shapes
 * (api-schema/loans.ts), with real quotes from the domain, and a fetch mock answering by method and path.
 */
import { vi } from 'vitest';
import { openLedger, type Ledger } from '../../domain/loan-ledger.ts';
import { scheduleOf, standingOf } from '../../domain/loan-standing.ts';
import { dueStatus } from '../../domain/loan-rules.ts';
import { capsFor } from '../../domain/regulation.ts';
import type { HomeView, OrderDetail, OrderView, PaymentView } from '../api/loans.ts';
import { useCoreStore } from '../store/core-store.ts';
import { loanProduct, pricing, subProductById } from './pricing.ts';
import { liveQuote } from './quote.ts';

export const TODAY = '2026-05-04';

export function logIn(): void {
  useCoreStore.setState({ publicData: { customerId: 'c-1', token: 't-1', phone_number: '9171234567' } });
}

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
    ...overrides,
  };
}

/**
 * A disbursed order as the server answers it: the sub-product's loan of `principal` for `term` days made on
 * `loanDate`, through `history` (ledger steps: accruals, payments, extensions), seen on `day`.
 */
export function disbursedView(subId: string, principal: number, term: number, loanDate: string, day: string, history: (l: Ledger) => Ledger = (l) => l): OrderDetail {
  const sub = subProductById(subId)!;
  const quote = liveQuote(sub, principal, term, loanDate)!;
  const ledger = history(openLedger(quote));
  const standing = standingOf(ledger, sub, { caps: capsFor(pricing, loanDate), extensionDays: pricing.extensionDays }, day);
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
    createdAt: '2026-05-04T02:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

/** One answer: a status and a JSON body, or a network failure. */
export type Answer = { status?: number; body?: unknown } | 'network';
/** Answers by 'METHOD /path' (path after /api/v1); a function is called per request, a list is used in turn. */
export type Routes = Record<string, Answer | Answer[] | ((init: RequestInit) => Answer)>;

export interface RecordedCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Replaces fetch; answers from `routes`, records every call. Unknown routes answer 404 NOT_FOUND. */
export function mockApi(routes: Routes): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const turns = new Map<string, number>();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = String(url).replace(/^\/api\/v1/u, '');
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
      calls.push({ method, path, headers: { ...(init.headers as Record<string, string>) }, body });
      const route = routes[`${method} ${path}`];
      let answer: Answer;
      if (route === undefined) answer = { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
      else if (typeof route === 'function') answer = route(init);
      else if (Array.isArray(route)) {
        const turn = turns.get(`${method} ${path}`) ?? 0;
        turns.set(`${method} ${path}`, turn + 1);
        answer = route[Math.min(turn, route.length - 1)]!;
      } else answer = route;
      if (answer === 'network') throw new TypeError('Failed to fetch');
      const status = answer.status ?? 200;
      return { ok: status >= 200 && status < 300, status, json: async () => answer.body } as unknown as Response;
    }),
  );
  return calls;
}

/** The calls made to `method path`. */
export const callsTo = (calls: readonly RecordedCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);

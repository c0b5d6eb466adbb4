/**
 * The loans API (/work/notes/loans-api.md) as typed calls made as the logged-in borrower. Money is integer centavos,
 * dates 'YYYY-MM-DD' (Manila), instants ISO strings. Money operations (apply, withdraw, pay) carry an
 * `Idempotency-Key`: one key per user intent (see {@link IntentKeys}), sent again when the same intent is retried,
 * so a tap repeated after a lost answer never lends or charges twice.
 */
import type { ScheduleRow } from '../../domain/loan-ledger.ts';
import type { DueStatus, OrderState, PaymentChannel, PaymentKind, PaymentState, Quote } from '../../domain/loan-types.ts';
import { sessionRequest } from './session.ts';

export type PayoutMethod = 'bank' | 'eWallet' | 'remittance';

export interface OrderView {
  id: string;
  orderNo: string;
  productId: string;
  subProductId: string;
  state: OrderState;
  /** Only when state === 'repaying'. */
  dueStatus: DueStatus | null;
  principalCentavos: number;
  termDays: number;
  quote: Quote;
  loanDate: string | null;
  /** The due date of the oldest period still owing; null once settled. */
  dueDate: string | null;
  overdueDays: number;
  lateFineCentavos: number;
  damagesCentavos: number;
  /** Everything still owed: what full settlement pays today. */
  amountDueCentavos: number;
  /** Today's extension offer: what it costs now, the new due date, and what will then be owed. */
  extension: { amountCentavos: number; newDueDate: string; feeCentavos: number; newAmountDueCentavos: number; waivedCentavos: number } | null;
  /** The next instalment of an instalment order while repaying (the oldest period still owing, penalties included), else null. */
  instalment: { period: number; count: number; amountCentavos: number; dueDate: string } | null;
  /** The plan as it stands: its rows add up to amountRepaidCentavos (paid) and amountDueCentavos (outstanding). */
  schedule: ScheduleRow[];
  /** Periods of the plan paid (all of them once settled). */
  paidPeriods: number;
  amountRepaidCentavos: number;
  extensionCount: number;
  /** The day the order was settled. */
  settledOn: string | null;
  reapplyAfter: string | null;
  failureCode: string | null;
  payout: { method: PayoutMethod; label: string; accountMasked: string } | null;
  createdAt: string;
  updatedAt: string;
}

export interface PaymentView {
  id: string;
  orderId: string;
  orderNo: string;
  kind: PaymentKind;
  channel: PaymentChannel;
  state: PaymentState;
  amountCentavos: number;
  /** Null until the gateway has the payment (a moment after it is created). */
  reference: string | null;
  checkoutUrl: string | null;
  expiresAt: string;
  failureCode: string | null;
  createdAt: string;
  completedAt: string | null;
}

export interface HomeView {
  today: string;
  creditLimitCentavos: number;
  profile: { complete: boolean; next: string | null };
  currentOrder: OrderView | null;
  lastRejected: { reapplyAfter: string } | null;
  canApply: boolean;
  applyBlockedCode: string | null;
  signed: boolean;
  reloan: boolean;
  bankChangeAvailable: boolean;
}

export type OrderDetail = OrderView & { payments: PaymentView[] };

export interface SignatureStatus {
  signed: boolean;
  signedAt: string | null;
}

export interface ApplyBody {
  productId: string;
  subProductId: string;
  principalCentavos: number;
  termDays: number;
}

export interface PaymentBody {
  kind: PaymentKind;
  channel: PaymentChannel;
}

/** A fresh Idempotency-Key (a UUID: 36 characters of [0-9a-f-], within the contract's 8-128 [A-Za-z0-9_-]). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * Idempotency keys per user intent: the same intent (same operation, same body) keeps its key until it succeeds or
 * the server gives a final refusal, so a retry after a network failure or a double tap is answered with the first
 * answer; a changed body (another amount, another channel) is a new intent with a new key.
 */
export class IntentKeys {
  private current: { intent: string; key: string } | undefined;

  /** The key for `operation` with `body`: the pending one when it is the same intent, else a new one. */
  keyFor(operation: string, body: unknown): string {
    const intent = `${operation} ${JSON.stringify(body)}`;
    if (this.current?.intent !== intent) this.current = { intent, key: newIdempotencyKey() };
    return this.current.key;
  }

  /** The intent is over (done, or refused for good): the next one gets a new key. */
  done(): void {
    this.current = undefined;
  }
}

const idem = (key: string) => ({ 'idempotency-key': key });
const enc = encodeURIComponent;

export const loansApi = {
  home: (signal?: AbortSignal) => sessionRequest<HomeView>('/loans/home', { signal }),
  orders: (signal?: AbortSignal) => sessionRequest<{ orders: OrderView[] }>('/loans', { signal }),
  order: (id: string, signal?: AbortSignal) => sessionRequest<OrderDetail>(`/loans/${enc(id)}`, { signal }),
  apply: (body: ApplyBody, key: string) => sessionRequest<OrderView>('/loans', { method: 'POST', body, headers: idem(key) }),
  accept: (id: string) =>
    sessionRequest<OrderView>(`/loans/${enc(id)}/accept`, { method: 'POST', body: { agreePrivacy: true, agreeAgreement: true } }),
  withdraw: (id: string, key: string) => sessionRequest<OrderView>(`/loans/${enc(id)}/withdraw`, { method: 'POST', body: {}, headers: idem(key) }),
  pay: (id: string, body: PaymentBody, key: string) =>
    sessionRequest<PaymentView>(`/loans/${enc(id)}/payments`, { method: 'POST', body, headers: idem(key) }),
  payment: (id: string, signal?: AbortSignal) => sessionRequest<PaymentView>(`/payments/${enc(id)}`, { signal }),
  payments: (signal?: AbortSignal) => sessionRequest<{ payments: PaymentView[] }>('/payments', { signal }),
  signature: (signal?: AbortSignal) => sessionRequest<SignatureStatus>('/signature', { signal }),
  sign: (ref: string) => sessionRequest<SignatureStatus>('/signature', { method: 'POST', body: { signature: ref } }),
  changePayoutAccount: (data: Record<string, unknown>) =>
    sessionRequest<{ ok: true; reopened: string[] }>('/payout-account', { method: 'PUT', body: data }),
};

/** A PNG data URL as a Blob. */
function dataUrlBlob(dataUrl: string): Blob {
  const [head = '', base64 = ''] = dataUrl.split(',');
  const type = /^data:([^;,]+)/u.exec(head)?.[1] ?? 'image/png';
  return new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type });
}

/** Uploads a drawn signature (PNG data URL) as a document of kind `signature`; answers its reference `doc:<id>`. */
export async function uploadSignature(dataUrl: string): Promise<string> {
  const form = new FormData();
  form.append('kind', 'signature');
  form.append('file', dataUrlBlob(dataUrl), 'signature.png');
  const saved = await sessionRequest<{ ref: string }>('/documents', { method: 'POST', body: form });
  return saved.ref;
}

/**
 * The loans API (api-contract/loans.ts) as typed calls made as the logged-in borrower. Money is integer centavos,
 * dates 'YYYY-MM-DD' (Manila), instants ISO strings. Money operations (apply, withdraw, pay) carry an
 * `Idempotency-Key`: one key per user intent (see {@link IntentKeys}), sent again when the same intent is retried,
 * so a tap repeated after a lost answer never lends or charges twice.
 */
import type { DeepReadonly } from '#api-contract/common.ts';
import type { DocumentAnswer } from '#api-contract/documents.ts';
import type {
  HomeAnswer,
  LoanInput,
  OrderAnswer,
  OrderDetailAnswer,
  OrderListAnswer,
  PaymentAnswer,
  PaymentInput,
  PaymentListAnswer,
  PayoutAccountAnswer,
  SignatureAnswer,
} from '#api-contract/loans.ts';
import { dataUrlToBlob } from '#domain/data-url.ts';
import { sessionRequest } from './session.ts';

// The answers' types come from the server's response schemas (api-contract/loans.ts), types only: no bundle bytes.
export type OrderView = DeepReadonly<OrderAnswer>;
export type PaymentView = DeepReadonly<PaymentAnswer>;
export type HomeView = DeepReadonly<HomeAnswer>;
export type OrderDetail = DeepReadonly<OrderDetailAnswer>;
export type SignatureStatus = DeepReadonly<SignatureAnswer>;
export type ApplyBody = LoanInput;
export type PaymentBody = PaymentInput;
export type PayoutMethod = NonNullable<OrderView['payout']>['method'];

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
  // Declared only (assigned on first use): a class field would compile to defineProperty helpers.
  declare private current: { intent: string; key: string } | undefined;

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
  orders: (signal?: AbortSignal) => sessionRequest<DeepReadonly<OrderListAnswer>>('/loans', { signal }),
  order: (id: string, signal?: AbortSignal) => sessionRequest<OrderDetail>(`/loans/${enc(id)}`, { signal }),
  apply: (body: ApplyBody, key: string) =>
    sessionRequest<OrderView>('/loans', { method: 'POST', body, headers: idem(key) }),
  accept: (id: string) =>
    sessionRequest<OrderView>(`/loans/${enc(id)}/accept`, {
      method: 'POST',
      body: { agreePrivacy: true, agreeAgreement: true },
    }),
  withdraw: (id: string, key: string, couponId?: string) =>
    sessionRequest<OrderView>(`/loans/${enc(id)}/withdraw`, {
      method: 'POST',
      body: couponId ? { couponId } : {},
      headers: idem(key),
    }),
  pay: (id: string, body: PaymentBody, key: string) =>
    sessionRequest<PaymentView>(`/loans/${enc(id)}/payments`, { method: 'POST', body, headers: idem(key) }),
  payment: (id: string, signal?: AbortSignal) => sessionRequest<PaymentView>(`/payments/${enc(id)}`, { signal }),
  payments: (signal?: AbortSignal) => sessionRequest<DeepReadonly<PaymentListAnswer>>('/payments', { signal }),
  signature: (signal?: AbortSignal) => sessionRequest<SignatureStatus>('/signature', { signal }),
  sign: (ref: string) => sessionRequest<SignatureStatus>('/signature', { method: 'POST', body: { signature: ref } }),
  changePayoutAccount: (data: Record<string, unknown>) =>
    sessionRequest<PayoutAccountAnswer>('/payout-account', { method: 'PUT', body: data }),
};

/** Uploads a drawn signature (PNG data URL) as a document of kind `signature`; answers its reference `doc:<id>`. */
export async function uploadSignature(dataUrl: string): Promise<string> {
  const form = new FormData();
  form.append('kind', 'signature');
  form.append('file', dataUrlToBlob(dataUrl), 'signature.png');
  const saved = await sessionRequest<DocumentAnswer>('/documents', { method: 'POST', body: form });
  return saved.ref;
}

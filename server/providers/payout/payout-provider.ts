/**
 * What the server needs from a payout (disbursement) gateway, in the shape of Xendit's payouts API: create a payout
 * with an idempotency key (a repeat with the same key answers the same payout), read one back, and a callback with a
 * static `x-callback-token` when it succeeds or fails. Providers are picked in ./index.ts.
 */

/** Where the money goes: a snapshot of the borrower's bankInfo section. */
export interface PayoutAccount {
  readonly method: 'bank' | 'eWallet' | 'remittance';
  readonly bankCode?: string;
  readonly accountNumber?: string;
  readonly eWalletProvider?: string;
  readonly eWalletNumber?: string;
  readonly remittanceShop?: string;
  /** The payee as on the account ("Last, First Middle" order of the form, joined). */
  readonly holderName: string;
  /** The payee's phone (national form 9XXXXXXXXX); the claim number for a remittance pick-up. */
  readonly phone: string;
}

export interface PayoutRequest {
  /** Sent as the Idempotency-key: our payout id, so a retried job never pays twice. */
  readonly idempotencyKey: string;
  /** Our payout id, echoed in the callback. */
  readonly referenceId: string;
  readonly amountCentavos: number;
  readonly account: PayoutAccount;
  readonly description: string;
}

export type PayoutStatus = 'pending' | 'succeeded' | 'failed';

export interface PayoutResult {
  readonly providerRef: string;
  readonly referenceId: string;
  readonly status: PayoutStatus;
  /** The gateway's failure code (Xendit: INVALID_DESTINATION, REJECTED_BY_CHANNEL, ...). */
  readonly failureCode: string | null;
}

export interface PayoutProvider {
  readonly name: string;
  createPayout(request: PayoutRequest): Promise<PayoutResult>;
  /** The payout as the gateway has it now, or null when it does not know the reference. */
  getPayout(providerRef: string): Promise<PayoutResult | null>;
}

/** A gateway call that did not work; `retryable` when trying again later may (timeouts, 5xx, rate limits). */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(message: string, readonly retryable: boolean, override readonly cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

/** The account the money goes to, as one string: the simulated gateway's failure pattern is matched against it. */
export function accountNumberOf(account: PayoutAccount): string {
  return account.accountNumber ?? account.eWalletNumber ?? account.phone;
}

const WALLET_CHANNELS: Record<string, string> = { gcash: 'PH_GCASH', maya: 'PH_PAYMAYA' };

/** Xendit channel code of an account: PH_<BANK>, PH_GCASH / PH_PAYMAYA, or PH_<SHOP> for a cash pick-up. */
export function channelCodeOf(account: PayoutAccount): string {
  const snake = (id: string) => id.replace(/([a-z])([A-Z])/gu, '$1_$2').toUpperCase();
  if (account.method === 'eWallet') return WALLET_CHANNELS[account.eWalletProvider ?? ''] ?? `PH_${snake(account.eWalletProvider ?? 'WALLET')}`;
  if (account.method === 'bank') return `PH_${snake(account.bankCode ?? 'BANK')}`;
  return `PH_${snake(account.remittanceShop ?? 'REMITTANCE')}`;
}

/** Xendit failure codes that mean the destination cannot take money: the borrower must give another account. */
/**
 * The order's failure code for a gateway failure code: details the gateway finds wrong (account details, holder name)
 * are PAYOUT_ACCOUNT_INVALID ('Wallet or bank info invalid'); anything else (INVALID_DESTINATION, REJECTED_BY_CHANNEL,
 * limits, unknown codes) is DISBURSEMENT_ACCOUNT_UNAVAILABLE. Both send the borrower to correct the account.
 */
export function orderFailureCode(providerFailure: string | null): 'DISBURSEMENT_ACCOUNT_UNAVAILABLE' | 'PAYOUT_ACCOUNT_INVALID' {
  if (providerFailure === 'INVALID_ACCOUNT_DETAILS' || providerFailure === 'ACCOUNT_NAME_MISMATCH') return 'PAYOUT_ACCOUNT_INVALID';
  return 'DISBURSEMENT_ACCOUNT_UNAVAILABLE';
}

/** The Xendit status words and ours. */
export function payoutStatusOf(xenditStatus: string): PayoutStatus {
  if (xenditStatus === 'SUCCEEDED') return 'succeeded';
  if (xenditStatus === 'FAILED' || xenditStatus === 'CANCELLED' || xenditStatus === 'REVERSED') return 'failed';
  return 'pending';
}

/** A payout callback (Xendit `payout.succeeded` / `payout.failed`), read from its body; null when it is not one. */
export function parsePayoutCallback(body: unknown): PayoutResult | null {
  if (body === null || typeof body !== 'object') return null;
  const data = (body as { data?: unknown }).data;
  if (data === null || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  if (typeof d['id'] !== 'string' || typeof d['status'] !== 'string' || typeof d['reference_id'] !== 'string') return null;
  return { providerRef: d['id'], referenceId: d['reference_id'], status: payoutStatusOf(d['status']), failureCode: typeof d['failure_code'] === 'string' ? d['failure_code'] : null };
}

/** Integer centavos as the pesos number Xendit takes (2 decimals), by integer arithmetic: 123456 -> 1234.56. */
export function centavosToPesos(centavos: number): number {
  if (!Number.isSafeInteger(centavos) || centavos <= 0) throw new ProviderError('PAYOUT_AMOUNT_INVALID', false);
  const pesos = Math.floor(centavos / 100);
  const cents = centavos - pesos * 100;
  return Number(`${pesos}.${String(cents).padStart(2, '0')}`);
}

/** A pesos amount from Xendit as integer centavos; null when it is not a non-negative amount with at most 2 decimals. */
export function pesosToCentavos(pesos: unknown): number | null {
  if (typeof pesos !== 'number' || !Number.isFinite(pesos) || pesos < 0) return null;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/u.exec(String(pesos));
  if (!match) return null;
  const centavos = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(centavos) ? centavos : null;
}

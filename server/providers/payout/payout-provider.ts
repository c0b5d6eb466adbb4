/**
 * What the server needs from a payout (disbursement) gateway, in the shape of Xendit's payouts API: create a payout
 * with an idempotency key (a repeat with the same key answers the same payout), read one back, and a callback with a
 * static `x-callback-token` when it succeeds, fails or is reversed. Providers are picked in ./index.ts.
 */
import type { PayoutDestination } from '#domain/payout-account.ts';
import { PROVIDER_ERRORS, ProviderError } from '../provider-error.ts';

/** The account the money goes to: the payout destination of the borrower's bankInfo step (domain/payout-account.ts). */
export type PayoutAccount = PayoutDestination;

export interface PayoutRequest {
  /** Sent as the Idempotency-key: our payout id, so a retried job never pays twice. */
  readonly idempotencyKey: string;
  /** Our payout id, echoed in the callback. */
  readonly referenceId: string;
  readonly amountCentavos: number;
  readonly account: PayoutAccount;
  readonly description: string;
}

/**
 * What became of a payout. `reversed`: it had succeeded, then the network took the money back (Xendit "Payout Status
 * Lifecycle": SUCCEEDED may become REVERSED), so the borrower never got it although we were told they did.
 */
export type PayoutStatus = 'pending' | 'succeeded' | 'failed' | 'reversed';

/**
 * What to do about a failed or reversed payout, decided from the gateway's documented codes:
 * - `retry`: nothing is wrong with the borrower's account (the lender's balance is short, the channel had a temporary
 *   error): send the money again later, as a new payout (a failed payout is final at the gateway).
 * - `fix_account`: the destination cannot take the money (invalid, dormant, refused, over its limit): the borrower
 *   gives another account.
 * - `staff`: compliance refused it, it was cancelled, or the code says nobody knows why: a person looks at it.
 */
export type PayoutOutcome = 'retry' | 'staff' | 'fix_account';

interface PayoutFacts {
  /** The gateway's payout id (Xendit disb-...). */
  readonly providerRef: string;
  /** Our payout id, echoed back. */
  readonly referenceId: string;
  /** The gateway's own status word (ACCEPTED, COMPLIANCE_REJECTED, REVERSED, ...), for the audit trail. */
  readonly providerStatus: string;
  /** The gateway's failure code (Xendit: INSUFFICIENT_BALANCE, INVALID_DESTINATION, ...); null when none given. */
  readonly failureCode: string | null;
  /** What the gateway says it pays, when it says: the loan core compares it with the payout it asked for. */
  readonly amountCentavos: number | null;
  readonly currency: string | null;
}

/** Every payout we send is in pesos. */
export const PAYOUT_CURRENCY = 'PHP';

/**
 * True when the gateway says it pays another amount or currency than the `amountCentavos` pesos we asked (what it
 * does not say is not held against it): such a result is recorded for staff and never applied.
 */
export function reportsOtherMoney(result: PayoutFacts, amountCentavos: number): boolean {
  return (
    (result.amountCentavos !== null && result.amountCentavos !== amountCentavos) ||
    (result.currency !== null && result.currency !== PAYOUT_CURRENCY)
  );
}

/** A payout as the gateway reports it: an outcome exactly when it failed or was reversed. */
export type PayoutResult = PayoutFacts &
  (
    | { readonly status: 'pending' | 'succeeded'; readonly outcome: null }
    | { readonly status: 'failed' | 'reversed'; readonly outcome: PayoutOutcome }
  );

export interface PayoutProvider {
  readonly name: string;
  /** Sends a payout; rejects with a ProviderError (see ../provider-error.ts) when the gateway did not take it. */
  createPayout(request: PayoutRequest): Promise<PayoutResult>;
  /** The payout as the gateway has it now, or null when it does not know the reference. */
  getPayout(providerRef: string): Promise<PayoutResult | null>;
}

export { ProviderError, type ProviderErrorValue } from '../provider-error.ts';

/** The account the money goes to, as one string: the simulated gateway's failure pattern is matched against it. */
export function accountNumberOf(account: PayoutAccount): string {
  return account.accountNumber ?? account.eWalletNumber ?? account.phone;
}

const WALLET_CHANNELS: Record<string, string> = { gcash: 'PH_GCASH', maya: 'PH_PAYMAYA' };

/** Xendit channel code of an account: PH_<BANK>, PH_GCASH / PH_PAYMAYA, or PH_<SHOP> for a cash pick-up. */
export function channelCodeOf(account: PayoutAccount): string {
  const snake = (id: string) => id.replace(/([a-z])([A-Z])/gu, '$1_$2').toUpperCase();
  if (account.method === 'eWallet')
    return WALLET_CHANNELS[account.eWalletProvider ?? ''] ?? `PH_${snake(account.eWalletProvider ?? 'WALLET')}`;
  if (account.method === 'bank') return `PH_${snake(account.bankCode ?? 'BANK')}`;
  return `PH_${snake(account.remittanceShop ?? 'REMITTANCE')}`;
}

/**
 * What the borrower is told of a payout they must fix, by Xendit's failure code (the SDK's PayoutFailureCodeEnum;
 * XENDIT_FAILURE_OUTCOMES): INVALID_DESTINATION, the account does not exist or is invalid, asks them to correct their
 * bank or wallet details (PAYOUT_ACCOUNT_INVALID); REJECTED_BY_CHANNEL, DESTINATION_MAXIMUM_LIMIT and a reversal say
 * the account cannot take the money, another is needed (DISBURSEMENT_ACCOUNT_UNAVAILABLE).
 */
export function orderFailureCode(
  providerFailure: string | null,
): 'DISBURSEMENT_ACCOUNT_UNAVAILABLE' | 'PAYOUT_ACCOUNT_INVALID' {
  return providerFailure === 'INVALID_DESTINATION' ? 'PAYOUT_ACCOUNT_INVALID' : 'DISBURSEMENT_ACCOUNT_UNAVAILABLE';
}

/**
 * Outcome of each failure code of Xendit's payouts v2 (API reference "Payouts", field `failure_code`):
 * - INSUFFICIENT_BALANCE: "Client has insufficient balance": the lender's own balance: retry after a top-up.
 * - TEMPORARY_TRANSFER_ERROR: "The channel networks are experiencing a temporary error": retry.
 * - INVALID_DESTINATION: "The recipient account does not exist/is invalid": fix_account.
 * - REJECTED_BY_CHANNEL: the destination channel refused it, "issues crediting funds into the destination bank
 *   account": fix_account (the same account would be refused again).
 * - DESTINATION_MAXIMUM_LIMIT: "the recipient is unable to receive" this amount (wallet limits): fix_account.
 * - TRANSFER_ERROR: "a fatal error ... certain API fields in your request are invalid": our request, not the
 *   borrower's account: staff.
 * - UNKNOWN_BANK_NETWORK_ERROR, and any code not documented: staff.
 */
export const XENDIT_FAILURE_OUTCOMES: Readonly<Record<string, PayoutOutcome>> = {
  INSUFFICIENT_BALANCE: 'retry',
  TEMPORARY_TRANSFER_ERROR: 'retry',
  INVALID_DESTINATION: 'fix_account',
  REJECTED_BY_CHANNEL: 'fix_account',
  DESTINATION_MAXIMUM_LIMIT: 'fix_account',
  TRANSFER_ERROR: 'staff',
  UNKNOWN_BANK_NETWORK_ERROR: 'staff',
};

/**
 * Our status and outcome of a Xendit payout status word (Xendit "Payout Status Lifecycle"): SUCCEEDED succeeded;
 * FAILED failed, its outcome from the failure code; COMPLIANCE_REJECTED ("rejected for compliance reasons"),
 * CANCELLED (we never cancel: someone did at the dashboard) and EXPIRED (cash pick-ups) failed for staff; REVERSED
 * ("rejected by processor after the payout succeeded. Commonly due to invalid or dormant account") reversed, the
 * borrower to give another account. ACCEPTED, PENDING_COMPLIANCE_ASSESSMENT, REQUESTED, READY, LOCKED and any word
 * not documented are pending: reading an unknown word as failed could pay twice; reconciliation keeps asking.
 */
export function xenditPayoutState(
  status: string,
  failureCode: string | null,
): Pick<PayoutResult, 'status' | 'outcome'> {
  switch (status) {
    case 'SUCCEEDED':
      return { status: 'succeeded', outcome: null };
    case 'FAILED':
      return { status: 'failed', outcome: XENDIT_FAILURE_OUTCOMES[failureCode ?? ''] ?? 'staff' };
    case 'COMPLIANCE_REJECTED':
    case 'CANCELLED':
    case 'EXPIRED':
      return { status: 'failed', outcome: 'staff' };
    case 'REVERSED':
      return { status: 'reversed', outcome: 'fix_account' };
    default:
      return { status: 'pending', outcome: null };
  }
}

/** Our result of a Xendit payout object (API answer or callback `data`); null when it is not one. */
export function xenditPayoutResult(payout: unknown): PayoutResult | null {
  if (payout === null || typeof payout !== 'object' || Array.isArray(payout)) return null;
  const d = payout as Record<string, unknown>;
  const { id, reference_id: referenceId, status } = d;
  if (typeof id !== 'string' || id === '' || typeof referenceId !== 'string' || typeof status !== 'string') return null;
  const failureCode = typeof d['failure_code'] === 'string' && d['failure_code'] !== '' ? d['failure_code'] : null;
  return {
    providerRef: id,
    referenceId,
    providerStatus: status,
    failureCode,
    amountCentavos: d['amount'] === undefined ? null : pesosToCentavos(d['amount']),
    currency: typeof d['currency'] === 'string' ? d['currency'] : null,
    ...xenditPayoutState(status, failureCode),
  } as PayoutResult;
}

/**
 * A payout callback (Xendit `payout.succeeded` / `payout.failed` / `payout.reversed`, the payout in `data`), read
 * from its body; null when it is not one.
 */
export function parsePayoutCallback(body: unknown): PayoutResult | null {
  if (body === null || typeof body !== 'object') return null;
  return xenditPayoutResult((body as { data?: unknown }).data);
}

/** Integer centavos as the pesos number Xendit takes (2 decimals), by integer arithmetic: 123456 -> 1234.56. */
export function centavosToPesos(centavos: number): number {
  if (!Number.isSafeInteger(centavos) || centavos <= 0)
    throw new ProviderError(PROVIDER_ERRORS.invalidRequest, false, `amount ${centavos} centavos`);
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

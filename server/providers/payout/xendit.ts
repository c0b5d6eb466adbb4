/**
 * Xendit payouts (api.xendit.co), over its Payouts API v2.
 *
 * Shape from Xendit's API reference: `POST /v2/payouts` with basic auth (the secret key as user name, empty password)
 * and an `Idempotency-key` header; JSON body `reference_id`, `channel_code` (PH_BDO, PH_GCASH, ...),
 * `channel_properties: { account_number, account_holder_name }`, `amount` in pesos as a JSON number (centavos as
 * decimals), `currency: "PHP"`, `description`. The answer is the payout object: `id` (disb-...), `reference_id`,
 * `status` (ACCEPTED, REQUESTED, SUCCEEDED, FAILED, CANCELLED, REVERSED, ...), `failure_code` when it failed (read
 * by xenditPayoutState in ./payout-provider.ts, after Xendit's "Payout Status Lifecycle" and failure code list).
 * `GET /v2/payouts/{id}` reads one back (404 DATA_NOT_FOUND when unknown); `GET /v2/payouts?reference_id=` lists the
 * payouts of a reference. A repeat with the same key and body answers the first payout; a key Xendit refuses as a
 * duplicate (HTTP 409, or `DUPLICATE_TRANSACTION_ERROR` under any status) is resolved by looking the payout up by its
 * reference id (ours, unique per payout); while the lookup finds nothing the error is retryable, never a failure.
 *
 * Errors are ProviderError values (../provider-error.ts): network failures, timeouts, HTTP 5xx and 429 are retryable;
 * other 4xx are not; Xendit's own error code (API_VALIDATION_ERROR, ...) is in the detail, never the secret key.
 */
import { gatewayHttp, isRecord } from '../gateway-http.ts';
import { httpProviderError, PROVIDER_ERRORS, ProviderError } from '../provider-error.ts';
import {
  centavosToPesos,
  xenditPayoutResult,
  type PayoutAccount,
  type PayoutProvider,
  type PayoutRequest,
  type PayoutResult,
} from './payout-provider.ts';

export interface XenditPayoutOptions {
  /** The secret API key (xnd_...), sent as the basic-auth user name only: never logged nor put in an error. */
  readonly secretKey: string;
  /** Default https://api.xendit.co; tests point it at a local server. */
  readonly baseUrl?: string;
  /** Give up after this many milliseconds (connect, answer and body). Default 15 000. */
  readonly timeoutMs?: number;
}

/**
 * Xendit channel code of every bank id of forms/bankInfo.schema.json (bankCode). From Xendit's Philippine payout
 * channels (GET /payouts_channels?currency=PHP lists the ones enabled on an account). xendit.test.ts fails when the
 * schema gains a bank that is not here.
 */
export const XENDIT_BANK_CHANNELS: Readonly<Record<string, string>> = {
  bdo: 'PH_BDO',
  bpi: 'PH_BPI',
  metrobank: 'PH_MET',
  landbank: 'PH_LBP',
  pnb: 'PH_PNB',
  securityBank: 'PH_SEC',
  chinaBank: 'PH_CBC',
  unionBank: 'PH_UBP',
  rcbc: 'PH_RCBC',
  eastWest: 'PH_EWB',
  dbp: 'PH_DBP',
  aub: 'PH_AUB',
  pbcom: 'PH_PBC',
  psBank: 'PH_PSB',
  robinsonsBank: 'PH_ROB',
  maybank: 'PH_MPI',
  ctbc: 'PH_CTBC',
  bankOfCommerce: 'PH_BOC',
  philtrust: 'PH_PTC',
  veteransBank: 'PH_PVB',
  sterlingBank: 'PH_SBA',
  pbb: 'PH_PBB',
  chinaBankSavings: 'PH_CBS',
  bdoNetworkBank: 'PH_ONB',
  cimb: 'PH_CIMB',
  goTyme: 'PH_GOTYME',
  tonik: 'PH_TONIK',
  mariBank: 'PH_SEA',
  unoBank: 'PH_UNO',
  // Not in the channel lists checked: confirm with GET /payouts_channels before sending to OFBank.
  ofBank: 'PH_OFB',
  unionDigital: 'PH_UDP',
};

/** Xendit channel code of every e-wallet id of forms/bankInfo.schema.json (eWalletProvider). */
export const XENDIT_WALLET_CHANNELS: Readonly<Record<string, string>> = {
  gcash: 'PH_GCASH',
  maya: 'PH_PAYMAYA',
};

/** Error codes of this adapter, besides the shared PROVIDER_ERRORS. */
export const XENDIT_ERRORS = {
  /** A bank or wallet without a channel code, or a remittance pick-up (not a v2 bank or e-wallet channel). */
  channelUnsupported: 'XENDIT_CHANNEL_UNSUPPORTED',
  accountIncomplete: 'XENDIT_ACCOUNT_INCOMPLETE',
  /** Xendit refused the key as a duplicate and no payout of our reference could be found. */
  duplicateUnresolved: 'XENDIT_DUPLICATE_UNRESOLVED',
} as const;

/** Channel code and account number Xendit wants for an account; a ProviderError (not retryable) when it has none. */
export function xenditDestination(account: PayoutAccount): { channelCode: string; accountNumber: string } {
  if (account.method === 'bank') {
    const channelCode = XENDIT_BANK_CHANNELS[account.bankCode ?? ''];
    if (!channelCode)
      throw new ProviderError(XENDIT_ERRORS.channelUnsupported, false, `bank ${account.bankCode ?? ''}`);
    if (!account.accountNumber) throw new ProviderError(XENDIT_ERRORS.accountIncomplete, false);
    return { channelCode, accountNumber: account.accountNumber };
  }
  if (account.method === 'eWallet') {
    const channelCode = XENDIT_WALLET_CHANNELS[account.eWalletProvider ?? ''];
    if (!channelCode)
      throw new ProviderError(XENDIT_ERRORS.channelUnsupported, false, `eWallet ${account.eWalletProvider ?? ''}`);
    const number = account.eWalletNumber ?? '';
    if (!number) throw new ProviderError(XENDIT_ERRORS.accountIncomplete, false);
    // Wallets are keyed by the mobile number in its local form 09XXXXXXXXX; the form stores 9XXXXXXXXX.
    return { channelCode, accountNumber: /^9\d{9}$/u.test(number) ? `0${number}` : number };
  }
  throw new ProviderError(XENDIT_ERRORS.channelUnsupported, false, `remittance ${account.remittanceShop ?? ''}`);
}

export function createXenditPayouts({
  secretKey,
  baseUrl = 'https://api.xendit.co',
  timeoutMs = 15_000,
}: XenditPayoutOptions): PayoutProvider {
  if (secretKey.trim() === '') throw new Error('XENDIT_SECRET_KEY_MISSING');
  const call = gatewayHttp({ secretKey, baseUrl, timeoutMs, provider: 'xendit' });

  /** The ProviderError of a non-2xx answer (Xendit: `{ error_code, message }`). */
  const httpError = (status: number, answer: unknown): ProviderError =>
    httpProviderError('xendit', status, isRecord(answer) ? answer['error_code'] : undefined);
  const badResponse = () => new ProviderError(PROVIDER_ERRORS.badResponse, false, 'xendit: not a payout');

  async function byReference(referenceId: string): Promise<PayoutResult | null> {
    const { status, answer } = await call('GET', `/v2/payouts?reference_id=${encodeURIComponent(referenceId)}`);
    if (status < 200 || status > 299) throw httpError(status, answer);
    const list = Array.isArray(answer)
      ? answer
      : isRecord(answer) && Array.isArray(answer['data'])
        ? answer['data']
        : null;
    if (!list) throw badResponse();
    const found = list
      .map(xenditPayoutResult)
      .filter((r): r is PayoutResult => r !== null && r.referenceId === referenceId);
    return found.length === 1 ? found[0]! : null;
  }

  return {
    name: 'xendit',

    async createPayout(request: PayoutRequest): Promise<PayoutResult> {
      const { channelCode, accountNumber } = xenditDestination(request.account);
      const amount = centavosToPesos(request.amountCentavos);
      const body = {
        reference_id: request.referenceId,
        channel_code: channelCode,
        channel_properties: { account_number: accountNumber, account_holder_name: request.account.holderName },
        amount,
        description: request.description,
        currency: 'PHP',
      };
      const { status, answer } = await call('POST', '/v2/payouts', body, request.idempotencyKey);
      const errorCode = isRecord(answer) ? answer['error_code'] : undefined;
      if (status === 409 || errorCode === 'DUPLICATE_TRANSACTION_ERROR') {
        // The key was used before: the payout exists (a retry after a lost answer), whatever status says so. Its
        // reference is ours and unique. Not found yet: Xendit may still hold it, so the payout is never called failed
        // (another account would then be paid too): retryable, the job asks again.
        const existing = await byReference(request.referenceId);
        if (!existing)
          throw new ProviderError(XENDIT_ERRORS.duplicateUnresolved, true, `reference ${request.referenceId}`);
        return existing;
      }
      if (status < 200 || status > 299) throw httpError(status, answer);
      // From here Xendit took the payout: a retry with the same key answers the same one, never pays twice.
      const result = xenditPayoutResult(answer);
      if (!result) throw badResponse();
      if (
        (result.amountCentavos !== null && result.amountCentavos !== request.amountCentavos) ||
        (result.currency !== null && result.currency !== 'PHP')
      ) {
        throw new ProviderError(
          PROVIDER_ERRORS.amountMismatch,
          false,
          `xendit ${result.providerRef} pays ${String(result.amountCentavos)} ${String(result.currency)}`,
        );
      }
      return result;
    },

    async getPayout(providerRef: string): Promise<PayoutResult | null> {
      const { status, answer } = await call('GET', `/v2/payouts/${encodeURIComponent(providerRef)}`);
      if (status === 404) return null;
      if (status < 200 || status > 299) throw httpError(status, answer);
      const result = xenditPayoutResult(answer);
      if (!result) throw badResponse();
      return result;
    },
  };
}

/** The payout account a withdrawal pays into, as shown: method, bank / wallet / shop, masked number. */
import type { OrderView } from '../api/loans.ts';

export type Payout = NonNullable<OrderView['payout']>;

/** The forms catalog key of a payout label (bank, wallet provider or remittance shop name). */
export function payoutLabelKey(payout: Payout): string {
  const field =
    payout.method === 'bank' ? 'bankCode' : payout.method === 'eWallet' ? 'eWalletProvider' : 'remittanceShop';
  return `forms:bankInfo.options.${field}.${payout.label}`;
}

/** The payout account a withdrawal pays into, as shown: method, bank / wallet / shop, masked number. */
import type { OrderView, PayoutMethod } from '../api/loans.ts';

export type Payout = NonNullable<OrderView['payout']>;

/** '•••• 6789': the last four digits only. */
export function maskAccount(value: string): string {
  const digits = value.replace(/\D/gu, '');
  return digits.length <= 4 ? digits : `•••• ${digits.slice(-4)}`;
}

/** The payout of the profile's bankInfo step data, or null when it has none. */
export function payoutOfBankInfo(data: Record<string, unknown> | undefined): Payout | null {
  const method = data?.['payoutMethod'] as PayoutMethod | undefined;
  const text = (field: string) => (typeof data?.[field] === 'string' ? (data[field] as string) : '');
  if (method === 'bank') return { method, label: text('bankCode'), accountMasked: maskAccount(text('accountNumber')) };
  if (method === 'eWallet')
    return { method, label: text('eWalletProvider'), accountMasked: maskAccount(text('eWalletNumber')) };
  if (method === 'remittance')
    return { method, label: text('remittanceShop'), accountMasked: maskAccount(text('withdrawalPhone')) };
  return null;
}

/** The forms catalog key of a payout label (bank, wallet provider or remittance shop name). */
export function payoutLabelKey(payout: Payout): string {
  const field =
    payout.method === 'bank' ? 'bankCode' : payout.method === 'eWallet' ? 'eWalletProvider' : 'remittanceShop';
  return `forms:bankInfo.options.${field}.${payout.label}`;
}

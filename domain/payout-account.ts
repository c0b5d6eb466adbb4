/**
 * Where a loan's money goes: the payout destination of the profile's bankInfo step (forms/bankInfo.schema.json),
 * the rule that a changed account must really be another one, and the masked form shown to borrowers. Shared by the
 * web app and the server so both apply the same rule.
 */

/** The payout snapshot of a bankInfo section, as the payout gateway receives it. */
export interface PayoutDestination {
  readonly method: 'bank' | 'eWallet' | 'remittance';
  readonly bankCode?: string;
  readonly accountNumber?: string;
  readonly eWalletProvider?: string;
  readonly eWalletNumber?: string;
  readonly remittanceShop?: string;
  /** The payee's name (first, middle, last). */
  readonly holderName: string;
  /** The payee's phone (national form 9XXXXXXXXX); the claim number for a remittance pick-up. */
  readonly phone: string;
}

/** The bankInfo step's data as stored. */
export interface BankInfoSection {
  readonly payoutMethod: 'bank' | 'eWallet' | 'remittance';
  readonly bankCode?: string;
  readonly accountNumber?: string;
  readonly eWalletProvider?: string;
  readonly eWalletNumber?: string;
  readonly remittanceShop?: string;
  readonly payeeLastName: string;
  readonly payeeFirstName: string;
  readonly payeeMiddleName?: string;
  readonly withdrawalPhone: string;
}

/** The destination a bankInfo section names. */
export function payoutDestinationOf(bank: BankInfoSection): PayoutDestination {
  const holderName = [bank.payeeFirstName, bank.payeeMiddleName, bank.payeeLastName].filter(Boolean).join(' ');
  const base = { holderName, phone: bank.withdrawalPhone };
  if (bank.payoutMethod === 'bank')
    return { method: 'bank', bankCode: bank.bankCode, accountNumber: bank.accountNumber, ...base };
  if (bank.payoutMethod === 'eWallet')
    return { method: 'eWallet', eWalletProvider: bank.eWalletProvider, eWalletNumber: bank.eWalletNumber, ...base };
  return { method: 'remittance', remittanceShop: bank.remittanceShop, ...base };
}

/** Same destination: same method, same bank / wallet / shop, same account (a change must name another: BANK_SAME_AS_OLD). */
export function sameDestination(a: PayoutDestination, b: PayoutDestination): boolean {
  if (a.method !== b.method) return false;
  if (a.method === 'bank') return a.bankCode === b.bankCode && a.accountNumber === b.accountNumber;
  if (a.method === 'eWallet') return a.eWalletProvider === b.eWalletProvider && a.eWalletNumber === b.eWalletNumber;
  return a.remittanceShop === b.remittanceShop && a.phone === b.phone;
}

/** The last four characters, the rest as stars (at most six): what a borrower sees of an account number. */
export function maskAccount(value: string): string {
  return value.length <= 4 ? value : `${'*'.repeat(Math.min(6, value.length - 4))}${value.slice(-4)}`;
}

/** A destination as shown: the bank, wallet or shop and the masked account. */
export function destinationView(
  account: PayoutDestination | null,
): { method: PayoutDestination['method']; label: string; accountMasked: string } | null {
  if (!account) return null;
  if (account.method === 'bank')
    return {
      method: account.method,
      label: account.bankCode ?? '',
      accountMasked: maskAccount(account.accountNumber ?? ''),
    };
  if (account.method === 'eWallet')
    return {
      method: account.method,
      label: account.eWalletProvider ?? '',
      accountMasked: maskAccount(account.eWalletNumber ?? ''),
    };
  return { method: account.method, label: account.remittanceShop ?? '', accountMasked: maskAccount(account.phone) };
}

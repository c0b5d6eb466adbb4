/**
 * Easy Re-loan's rules (seed-spec sections 3 and 4): the amount of the next re-loan, when a scheduled one can still be
 * cancelled, and when the feature turns itself off. The server applies them under its locks; the web app shows them.
 */
import type { Centavos } from './money.ts';
import type { SubProductPricing } from './loan-types.ts';

/**
 * The amount of the next re-loan: the chosen amount, or the limit when none was chosen, never above the limit or the
 * sub-product's maximum, rounded down to the sub-product's grid; null when that is below its minimum (no re-loan).
 */
export function nextReloanAmount(
  amount: SubProductPricing['amount'],
  limitCentavos: Centavos,
  chosenCentavos: Centavos | null,
): Centavos | null {
  const ceiling = Math.min(chosenCentavos ?? limitCentavos, limitCentavos, amount.maxCentavos);
  if (ceiling < amount.minCentavos) return null;
  return amount.minCentavos + Math.floor((ceiling - amount.minCentavos) / amount.stepCentavos) * amount.stepCentavos;
}

/** A re-loan can be cancelled while it waits: before approval, or after the notice until its payout time. */
export function reloanCancellable(state: string, payoutAt: Date | null, now: Date): boolean {
  if (state === 'applied') return true;
  return state === 'noticed' && payoutAt !== null && now < payoutAt;
}

/** True when the `disbursed`-th successful automatic disbursement turns the feature off. */
export function turnsOff(disbursed: number, disbursementsBeforeTurnOff: number): boolean {
  return disbursed >= disbursementsBeforeTurnOff;
}

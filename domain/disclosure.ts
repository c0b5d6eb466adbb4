/**
 * Every charge that can arise on a quoted loan besides the finance charge, for the Truth in Lending disclosure shown
 * before signing (the agreement says the only charges are those in the disclosure): late fine, overdue liquidated
 * damages, the penalty and total-cost caps, and the extension. In pesos where the quote fixes them, as rates
 * otherwise; computed with the same rules the accrual and the extension offer use (domain/loan-rules.ts).
 */
import type { Centavos } from './money.ts';
import type { PricingConfig, Quote, SubProductPricing } from './loan-types.ts';
import { applyPpm, capPpm, extensionTerms, maxExtensions } from './pricing-core.ts';
import { capsFor } from './regulation.ts';

export interface ExtensionDisclosure {
  /** Days each extension adds to the due date. */
  readonly days: number;
  readonly feePpm: number;
  /** The extension fee, of the principal. */
  readonly feeCentavos: Centavos;
  /** Interest of each extension's days on the principal, due with the principal on the new due date. */
  readonly interestCentavos: Centavos;
  /** What extending on the due date costs: the term's interest plus the fee. */
  readonly firstPaymentCentavos: Centavos;
  /** How many times the loan can be extended before its term passes the cap. */
  readonly maxTimes: number;
}

export interface ChargesDisclosure {
  /**
   * The amount the penalties are shown on: the amount due of a single-payment loan, the largest instalment of an
   * instalment loan (penalties accrue on each overdue instalment).
   */
  readonly penaltyBasisCentavos: Centavos;
  readonly lateFineDailyPpm: number;
  /** Late fine a day on the basis. */
  readonly lateFineDailyCentavos: Centavos;
  readonly overdueDamagesPpm: number;
  /** Overdue damages, once, on the basis. */
  readonly overdueDamagesCentavos: Centavos;
  /** Cap on late fine + damages a month (accrued by the day, pro rata), of the amount overdue, and on the basis. */
  readonly latePenaltyMonthlyMaxPpm: number;
  readonly latePenaltyMonthlyMaxCentavos: Centavos;
  /** Cap on every cost together (interest, fees, tax, extensions, penalties), of the principal, and in pesos. */
  readonly totalCostMaxPpm: number;
  readonly totalCostMaxCentavos: Centavos;
  /** The extension, or null when the loan cannot be extended (instalment loans, or a term already at the cap). */
  readonly extension: ExtensionDisclosure | null;
}

/** The charges that can arise on quote `q` of `sub`, under the caps of its loan date. */
export function chargesDisclosure(
  config: Pick<PricingConfig, 'caps' | 'extensionDays'>,
  sub: SubProductPricing,
  q: Quote,
): ChargesDisclosure {
  const caps = capsFor(config, q.loanDate);
  const basis = q.plan.length > 1 ? Math.max(...q.plan.map((p) => p.amountCentavos)) : q.amountDueCentavos;
  const times = maxExtensions(config, sub, q.termDays, caps.termMaxDays);
  const ext = extensionTerms(config, sub, q.principalCentavos);
  return {
    penaltyBasisCentavos: basis,
    lateFineDailyPpm: sub.lateFineDailyPpm,
    lateFineDailyCentavos: applyPpm(basis, sub.lateFineDailyPpm),
    overdueDamagesPpm: sub.overdueDamagesPpm,
    overdueDamagesCentavos: applyPpm(basis, sub.overdueDamagesPpm),
    latePenaltyMonthlyMaxPpm: caps.latePenaltyMonthlyMaxPpm,
    latePenaltyMonthlyMaxCentavos: capPpm(basis, caps.latePenaltyMonthlyMaxPpm),
    totalCostMaxPpm: caps.totalCostMaxPpm,
    totalCostMaxCentavos: capPpm(q.principalCentavos, caps.totalCostMaxPpm),
    extension:
      times === 0
        ? null
        : {
            days: ext.days,
            feePpm: sub.extensionFeePpm,
            feeCentavos: ext.feeCentavos,
            interestCentavos: ext.interestCentavos,
            firstPaymentCentavos: q.interestCentavos + ext.feeCentavos,
            maxTimes: times,
          },
  };
}

/**
 * The lending caps of Philippine law, as a dated table: the regulation in force for a loan depends on the day it is
 * made, and the pricing config may only tighten it. The law lives here, in code reviewed like code, not in a config
 * file product staff can edit: a config value above the law is refused by checkPricing (domain/pricing.ts), and
 * capsFor never lets one through at runtime either.
 *
 * Rates are integer ppm (1,000 ppm = 0.1 %), money integer centavos, dates Asia/Manila calendar days 'YYYY-MM-DD'.
 */
import type { Centavos } from './money.ts';

/** The caps a loan must respect (SEC MC 14 s.2025: loans of at most 10,000 PHP and 4 months, from 1 April 2026). */
export interface LendingCaps {
  /** The caps apply to loans up to this principal; we make no loan above it. */
  readonly principalMaxCentavos: Centavos;
  /** ... and up to this term, extensions included; we make no loan longer. */
  readonly termMaxDays: number;
  /** Nominal interest per 30-day month. */
  readonly nominalMonthlyMaxPpm: number;
  /** Effective interest rate per 30-day month: IRR of the net proceeds against every payment, all fees included. */
  readonly effectiveMonthlyMaxPpm: number;
  /** Late-payment penalties (late fine + overdue liquidated damages) per 30 days overdue, of the amount due. */
  readonly latePenaltyMonthlyMaxPpm: number;
  /** Interest, fees, tax and penalties together, of the principal. */
  readonly totalCostMaxPpm: number;
}

/** The pricing config's own limits (config/pricing.json `caps`): optional, each at most the law's. */
export type ConfigLimits = Partial<LendingCaps>;

export interface Regulation {
  /** The regulation's name as the SEC writes it, e.g. 'SEC MC 14 s.2025'. */
  readonly id: string;
  /** The first loan date ('YYYY-MM-DD', Manila) it governs. */
  readonly inForceFrom: string;
  readonly caps: LendingCaps;
}

/** The cap names, in the order problems and disclosures list them. */
export const CAP_NAMES: readonly (keyof LendingCaps)[] = [
  'principalMaxCentavos',
  'termMaxDays',
  'nominalMonthlyMaxPpm',
  'effectiveMonthlyMaxPpm',
  'latePenaltyMonthlyMaxPpm',
  'totalCostMaxPpm',
];

/**
 * Every regulation we price under, oldest first (inForceFrom ascending, no two on one day). A new circular is a new
 * row with its first day; loans made before it keep the caps they were made under.
 */
export const REGULATIONS: readonly Regulation[] = [
  {
    // SEC Memorandum Circular No. 14, series of 2025: loans of at most PHP 10,000 and at most 4 months made from
    // 1 April 2026 (design/philippines.md "Rules for lenders").
    id: 'SEC MC 14 s.2025',
    inForceFrom: '2026-04-01',
    caps: {
      principalMaxCentavos: 1_000_000,
      termMaxDays: 120,
      nominalMonthlyMaxPpm: 60_000,
      effectiveMonthlyMaxPpm: 120_000,
      latePenaltyMonthlyMaxPpm: 50_000,
      totalCostMaxPpm: 1_000_000,
    },
  },
];

const DAY = /^\d{4}-\d{2}-\d{2}$/u;

/** The regulation in force for a loan made on loanDate ('YYYY-MM-DD', Manila), or null before any. */
export function regulationFor(loanDate: string): Regulation | null {
  if (!DAY.test(loanDate)) throw new RangeError(`loanDate is not 'YYYY-MM-DD': ${loanDate}`);
  let found: Regulation | null = null;
  // 'YYYY-MM-DD' strings order as the days they name.
  for (const regulation of REGULATIONS) if (regulation.inForceFrom <= loanDate) found = regulation;
  return found;
}

/**
 * The caps a loan made on loanDate must respect: the law's, tightened by the config's stricter limits.
 *
 * Each cap is the lower of the law's and the config's (a config value above the law counts for nothing here, and
 * checkPricing refuses it). Before the first regulation in the table (regulationFor answers null) the first
 * regulation's caps apply: we never lend on terms looser than SEC MC 14 s.2025, whatever the date. Every loan we make
 * is dated from 2026-04-01 anyway; the rule only keeps an earlier date (a test clock, a migrated record) from
 * meeting no cap at all.
 */
export function capsFor(config: { readonly caps?: ConfigLimits | undefined }, loanDate: string): LendingCaps {
  const law = (regulationFor(loanDate) ?? REGULATIONS[0]!).caps;
  const limits = config.caps ?? {};
  const tightened = (name: keyof LendingCaps): number => {
    const own = limits[name];
    return own === undefined ? law[name] : Math.min(own, law[name]);
  };
  return {
    principalMaxCentavos: tightened('principalMaxCentavos'),
    termMaxDays: tightened('termMaxDays'),
    nominalMonthlyMaxPpm: tightened('nominalMonthlyMaxPpm'),
    effectiveMonthlyMaxPpm: tightened('effectiveMonthlyMaxPpm'),
    latePenaltyMonthlyMaxPpm: tightened('latePenaltyMonthlyMaxPpm'),
    totalCostMaxPpm: tightened('totalCostMaxPpm'),
  };
}

/**
 * Where each of capsFor's caps comes from for loanDate: the regulation's id, or 'config' when the config's limit is
 * the stricter one. For problem texts and disclosures.
 */
export function capSources(
  config: { readonly caps?: ConfigLimits | undefined },
  loanDate: string,
): Record<keyof LendingCaps, string> {
  const regulation = regulationFor(loanDate) ?? REGULATIONS[0]!;
  const limits = config.caps ?? {};
  const out = {} as Record<keyof LendingCaps, string>;
  for (const name of CAP_NAMES) {
    const own = limits[name];
    out[name] = own !== undefined && own < regulation.caps[name] ? 'config' : regulation.id;
  }
  return out;
}

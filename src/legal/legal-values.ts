/**
 * The values interpolated into the legal texts (namespace `legal`): product facts from config and the regulatory
 * figures the texts quote, formatted for the reader's language. Translations hold none of these numbers or names.
 */
import { formatPeso, pesos } from '../../domain/money.ts';
import { product } from '../config.ts';

/**
 * Ceilings of SEC MC 14 s.2025 for loans up to PHP 10,000 and up to 4 months. They belong with the pricing config
 * once it exists; until then the texts read them from here so that all three languages quote the same figures.
 */
const SEC_MC_14_2025 = {
  principalPesos: 10_000,
  months: 4,
  nominalMonthlyPercent: 6,
  effectiveMonthlyPercent: 12,
  latePenaltyMonthlyPercent: 5,
  totalCostPercent: 100,
};

/** SEC MC 18 s.2019: no collection contact before 6:00 or after 22:00. */
const COLLECTION_WINDOW = { from: '06:00', until: '22:00' };

/** Days an extension adds to the due date (product decisions: 8 days, no overdue fees, principal unchanged). */
const EXTENSION_DAYS = 8;

// Asia/Manila has had a fixed UTC+8 offset without daylight saving since 1978, so a clock time maps to one instant.
const MANILA_OFFSET = '+08:00';
const TIME_ZONE = product.customerService.timeZone;

/** An ISO calendar day (YYYY-MM-DD) as a long date in `language`, e.g. "November 21, 2026" or "2026年11月21日". */
export function formatLegalDate(isoDay: string, language: string): string {
  const day = new Date(`${isoDay}T00:00:00${MANILA_OFFSET}`);
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: TIME_ZONE }).format(day);
}

/** A Manila clock time (HH:MM) as the language writes it, e.g. "6:00 PM" or "18:00". */
export function formatClock(clock: string, language: string): string {
  const instant = new Date(`2000-01-01T${clock}:00${MANILA_OFFSET}`);
  return new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZone: TIME_ZONE }).format(instant);
}

function percent(value: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);
}

/** Every `{{placeholder}}` the legal texts may use, formatted for `language`. */
export function legalValues(language: string): Record<string, string> {
  const { lender, grievanceOfficer, customerService } = product;
  return {
    appName: product.displayName,
    lenderName: lender.corporateName,
    secNumber: lender.secRegistrationNumber,
    caNumber: lender.certificateOfAuthorityNumber,
    lenderAddress: lender.address,
    supportEmail: product.supportEmail,
    hotline: product.hotline,
    website: product.website,
    officerName: grievanceOfficer.name,
    officerEmail: grievanceOfficer.email,
    officerPhone: grievanceOfficer.phone,
    officerAddress: grievanceOfficer.address,
    opens: formatClock(customerService.opens, language),
    closes: formatClock(customerService.closes, language),
    fundsHours: String(product.timings.fundsHours),
    extensionDays: String(EXTENSION_DAYS),
    callFrom: formatClock(COLLECTION_WINDOW.from, language),
    callUntil: formatClock(COLLECTION_WINDOW.until, language),
    capPrincipal: formatPeso(pesos(SEC_MC_14_2025.principalPesos), { wholeIfExact: true }),
    capMonths: String(SEC_MC_14_2025.months),
    capNominal: percent(SEC_MC_14_2025.nominalMonthlyPercent, language),
    capEir: percent(SEC_MC_14_2025.effectiveMonthlyPercent, language),
    capPenalty: percent(SEC_MC_14_2025.latePenaltyMonthlyPercent, language),
    capTotal: percent(SEC_MC_14_2025.totalCostPercent, language),
  };
}

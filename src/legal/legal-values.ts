/**
 * The values interpolated into the legal texts (namespace `legal`): product facts from config and the regulatory
 * figures the texts quote, formatted for the reader's language. Translations hold none of these numbers or names.
 */
import { pricingFile } from '#config/pricing.ts';
import { manilaToday } from '#domain/calendar-date.ts';
import { formatPeso } from '#domain/money.ts';
import { REGULATIONS, regulationFor } from '#domain/regulation.ts';
import { product } from '../config.ts';
import { formatPercent } from '../loans/format.ts';
import easyReloanJson from '#config/easy-reloan.json';
import type { EasyReloanConfig } from '#config/types/easy-reloan.ts';

/**
 * The ceilings the texts quote: those of the regulation in force today (domain/regulation.ts; SEC MC 14 s.2025 for
 * loans from 2026-04-01), the law's own figures rather than the config's stricter limits, so that all three
 * languages quote the same figures as the code that enforces them.
 */
function ceilings(today: string) {
  return (regulationFor(today) ?? REGULATIONS[0]!).caps;
}

/** Easy Re-loan's figures its agreement quotes (config/easy-reloan.json); the screens' live figures come from the API. */
const easyReloanConfig = easyReloanJson as EasyReloanConfig;

/** SEC MC 18 s.2019: no collection contact before 6:00 or after 22:00. */
const COLLECTION_WINDOW = { from: '06:00', until: '22:00' };

/** Days an extension adds to the due date (config/pricing.json; product decisions: 8 days). */
const EXTENSION_DAYS = pricingFile.extensionDays;

// Asia/Manila has had a fixed UTC+8 offset without daylight saving since 1990, so a clock time maps to one instant.
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

/** Every `{{placeholder}}` the legal texts may use, formatted for `language`. */
export function legalValues(language: string, today: string = manilaToday(new Date())): Record<string, string> {
  const { lender, grievanceOfficer, customerService } = product;
  const caps = ceilings(today);
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
    capPrincipal: formatPeso(caps.principalMaxCentavos, { wholeIfExact: true }),
    // The term cap in 30-day months, as the circular states it (120 days: 4 months).
    capMonths: String(Math.floor(caps.termMaxDays / 30)),
    capNominal: formatPercent(caps.nominalMonthlyMaxPpm, language),
    capEir: formatPercent(caps.effectiveMonthlyMaxPpm, language),
    capPenalty: formatPercent(caps.latePenaltyMonthlyMaxPpm, language),
    capTotal: formatPercent(caps.totalCostMaxPpm, language),
    // Easy Re-loan (config/easy-reloan.json): the same voucher in every language.
    reloanVoucher: formatPeso(easyReloanConfig.voucherCentavos, { wholeIfExact: true }),
    reloanCount: String(easyReloanConfig.disbursementsBeforeTurnOff),
    reloanCancelHours: String(easyReloanConfig.cancelWindowMinutes / 60),
  };
}

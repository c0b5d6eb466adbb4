/**
 * What Intl writes for the days and rates that src/loans/format.ts writes from the catalogs (format.ts says why not
 * with Intl): the oracle its unit test compares with, and what the browser tests expect on screen (in the test
 * process, where the app's i18n does not run).
 */
import { intlLocale } from '../loans/format.ts';

/** A Manila day 'YYYY-MM-DD' as Intl writes it in the app's `language` ('Nov 22, 2026', '2026年11月22日'). */
export function intlDay(day: string, language = 'en'): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(intlLocale(language), {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(new Date(Date.UTC(year, month - 1, date)));
}

/** A rate in ppm as Intl writes a percent with at most two decimals in the app's `language`. */
export function intlPercent(ppm: number, language = 'en'): string {
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'percent',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(ppm / 1_000_000);
}

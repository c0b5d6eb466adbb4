/**
 * Dates, instants and rates written for the language shown. Money is never formatted here: amounts go through
 * `formatPeso` (domain/money.ts), integer centavos.
 */
import type { i18n as I18n } from 'i18next';

const LOCALES: Readonly<Record<string, string>> = { en: 'en-PH', fil: 'fil-PH', 'zh-CN': 'zh-CN' };

/** The Intl locale of an app language. */
export function intlLocale(language: string | undefined): string {
  return LOCALES[language ?? 'en'] ?? 'en-PH';
}

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function memo<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let made = cache.get(key) as T | undefined;
  if (!made) {
    made = make();
    cache.set(key, made);
  }
  return made;
}

/** A Manila calendar day 'YYYY-MM-DD' as the language writes it ('Nov 22, 2026', '2026年11月22日'). */
export function formatDay(day: string | null | undefined, language: string | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(day ?? '');
  if (!match) return '';
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  const locale = intlLocale(language);
  return memo(
    `d:${locale}`,
    () => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' }),
  ).format(date);
}

/** An instant (ISO string) in Manila time, date and time. */
export function formatInstant(iso: string | null | undefined, language: string | undefined): string {
  const date = new Date(iso ?? '');
  if (Number.isNaN(date.getTime())) return '';
  const locale = intlLocale(language);
  return memo(
    `i:${locale}`,
    () => new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Manila', dateStyle: 'medium', timeStyle: 'short' }),
  ).format(date);
}

/**
 * A rate in ppm (1,000 ppm = 0.1 %) as a percent with at most two decimals (11.8350 % reads 11.84 %), as borrowers
 * read rates; the exact ppm stays in the figures the domain computes.
 */
export function formatPercent(ppm: number, language: string | undefined): string {
  const locale = intlLocale(language);
  return memo(
    `p:${locale}`,
    () => new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: 2 }),
  ).format(ppm / 1_000_000);
}

/** The language an i18n instance shows. */
export function languageOf(i18n: Pick<I18n, 'resolvedLanguage' | 'language'>): string {
  return i18n.resolvedLanguage ?? i18n.language;
}

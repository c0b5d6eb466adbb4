/**
 * Dates, instants and rates written for the language shown. Money is never formatted here: amounts go through
 * `formatPeso` (domain/money.ts), integer centavos.
 */
import i18next, { type i18n as I18n } from 'i18next';

const LOCALES: Readonly<Record<string, string>> = { en: 'en-PH', fil: 'fil-PH', 'zh-CN': 'zh-CN' };

/** The Intl locale of an app language. */
export function intlLocale(language: string | undefined): string {
  return LOCALES[language ?? 'en'] ?? 'en-PH';
}

const instants = new Map<string, Intl.DateTimeFormat>();

// Days and rates are written from the catalog's patterns (common `format`), not with Intl: the first
// Intl.DateTimeFormat or Intl.NumberFormat a page builds costs 35 to 50 ms of main thread (ICU's data; measured in
// Chromium on a 2-core machine, more on a phone), and home, the steps and the loan screens show a day or a rate in
// their first render. Tests compare both with Intl in each language (format.test.ts).
const common = (key: string, language: string | undefined, values?: Record<string, string>) =>
  i18next.t(key, { ns: 'common', lng: language ?? 'en', ...values });

/** A Manila calendar day 'YYYY-MM-DD' as the language writes it ('Nov 22, 2026', '2026年11月22日'). */
export function formatDay(day: string | null | undefined, language: string | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(day ?? '');
  if (!match) return '';
  const month = common('format.months', language).split(' ')[Number(match[2]) - 1];
  if (month === undefined) return '';
  return common('format.day', language, { year: String(Number(match[1])), month, day: String(Number(match[3])) });
}

/** An instant (ISO string) in Manila time, date and time. */
export function formatInstant(iso: string | null | undefined, language: string | undefined): string {
  const date = new Date(iso ?? '');
  if (Number.isNaN(date.getTime())) return '';
  const locale = intlLocale(language);
  let format = instants.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Manila', dateStyle: 'medium', timeStyle: 'short' });
    instants.set(locale, format);
  }
  return format.format(date);
}

/**
 * A rate in ppm (1,000 ppm = 0.1 %) as a percent with at most two decimals, rounded half away from zero as Intl
 * rounds (11.8350 % reads 11.84 %), as borrowers read rates; the exact ppm stays in the figures the domain computes.
 */
export function formatPercent(ppm: number, language: string | undefined): string {
  const hundredths = Math.round(Math.abs(ppm) / 100);
  const whole = Math.floor(hundredths / 100)
    .toString()
    .replace(/\B(?=(?:\d{3})+$)/gu, ',');
  const fraction =
    hundredths % 100 === 0 ? '' : `.${(hundredths % 100).toString().padStart(2, '0').replace(/0$/u, '')}`;
  return common('format.percent', language, { value: `${ppm < 0 && hundredths > 0 ? '-' : ''}${whole}${fraction}` });
}

/** The language an i18n instance shows. */
export function languageOf(i18n: Pick<I18n, 'resolvedLanguage' | 'language'>): string {
  return i18n.resolvedLanguage ?? i18n.language;
}

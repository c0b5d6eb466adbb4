// @vitest-environment jsdom
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n.ts';
import { intlDay, intlPercent } from '../testing/intl-oracle.ts';
import { loadFromDisk } from '../testing/render-screen.tsx';
import { formatDay, formatPercent } from './format.ts';

const LANGUAGES = ['en', 'fil', 'zh-CN'] as const;

beforeAll(async () => {
  localStorage.clear();
  await initI18n(loadFromDisk);
  await i18next.loadLanguages([...LANGUAGES]);
});

// The app writes days and rates from its catalogs, not with Intl (format.ts says why); Intl is the oracle here.
describe.each(LANGUAGES)('%s', (language) => {
  it('writes every month of a day as Intl does', () => {
    const days = ['2026-01-01', '2026-02-28', '2028-02-29', '2026-03-09', '2026-04-30', '2026-05-15', '2026-06-06'];
    for (const day of [...days, '2026-07-31', '2026-08-08', '2026-09-10', '2026-10-01', '2026-11-22', '2026-12-31'])
      expect(formatDay(day, language), day).toBe(intlDay(day, language));
  });

  it('writes nothing for what is not a day', () => {
    for (const day of [null, undefined, '', '2026-13-01', '2026-00-10', '22/11/2026'])
      expect(formatDay(day, language)).toBe('');
  });

  it('writes rates as Intl does, two decimals at most, rounded half away from zero', () => {
    const rates = [0, 49, 50, 99, 100, 150, 1_000, 10_000, 50_000, 118_350, 118_349, 120_000, 123_456, 999_950];
    for (const ppm of [...rates, 1_000_000, 12_345_678, 123_456_789, -50_000, -118_350])
      expect(formatPercent(ppm, language), String(ppm)).toBe(intlPercent(ppm, language));
  });
});

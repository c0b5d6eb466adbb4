// @vitest-environment jsdom
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { browserLanguage, changeLanguage, initI18n, initialLanguage } from './i18n.ts';

const fromDisk = vi.fn(
  async (lng: string, ns: string) =>
    JSON.parse(readFileSync(`locales/${lng}/${ns}.json`, 'utf8')) as Record<string, unknown>,
);

beforeAll(async () => {
  localStorage.clear();
  await initI18n(fromDisk);
});

describe('i18n', () => {
  it('starts in English once its common catalog is loaded, and loads nothing else', () => {
    expect(i18next.language).toBe('en');
    expect(i18next.t('nav.myLoan')).toBe('My Loan');
    expect(fromDisk.mock.calls).toEqual([['en', 'common']]);
  });

  it('switches language, loads its catalog once and keeps the choice under "language"', async () => {
    await changeLanguage('zh-CN');
    expect(i18next.t('nav.myLoan')).toBe('我的借款');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(localStorage.getItem('language')).toBe('zh-CN');
    expect(initialLanguage()).toBe('zh-CN');
    await changeLanguage('en');
    await changeLanguage('zh-CN');
    expect(fromDisk.mock.calls.filter(([lng, ns]) => lng === 'zh-CN' && ns === 'common')).toHaveLength(1);
  });

  it('ignores a stored language the product does not offer', () => {
    localStorage.setItem('language', 'ko');
    expect(initialLanguage([])).toBe('en');
  });

  it("picks a first visit's language from the browser's languages, unless the borrower chose before", () => {
    localStorage.removeItem('language');
    expect(initialLanguage(['fil-PH', 'en-US'])).toBe('fil');
    expect(initialLanguage(['tl'])).toBe('fil');
    expect(initialLanguage(['ko-KR', 'zh-TW'])).toBe('zh-CN');
    expect(initialLanguage(['ko-KR', 'en-PH', 'fil'])).toBe('en');
    expect(initialLanguage(['ko-KR', 'ja'])).toBe('en');
    expect(browserLanguage(['de'])).toBeUndefined();
    localStorage.setItem('language', 'en');
    expect(initialLanguage(['fil-PH'])).toBe('en');
  });
});

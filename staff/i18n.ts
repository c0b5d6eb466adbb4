/**
 * The console's i18next: the `staff` namespace (every text of the console) and `errors` (error codes, shared with the
 * borrower app), fetched as /locales/<lng>/<ns>.json like the borrower's catalogs; the staff member's language choice
 * is kept apart from a borrower's. Refine reads it through `i18nProvider`.
 */
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { I18nProvider } from '@refinedev/core';
import product from '#config/product.json' with { type: 'json' };

export const LANGUAGES = product.languages as readonly string[];
const STORAGE_KEY = 'staff.language';

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const version = typeof __LOCALES_VERSION__ === 'string' ? __LOCALES_VERSION__ : 'dev';
    fetch(`/locales/${language}/${namespace}.json?v=${version}`)
      .then(async (response) => {
        if (!response.ok) throw new Error(`catalog ${language}/${namespace}: HTTP ${response.status}`);
        callback(null, (await response.json()) as Record<string, unknown>);
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false));
  },
};

function storedLanguage(): string | undefined {
  try {
    const stored = localStorage.getItem(STORAGE_KEY) ?? '';
    return LANGUAGES.includes(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

function browserLanguage(): string | undefined {
  for (const tag of navigator.languages ?? [navigator.language]) {
    const primary = tag.toLowerCase().split(/[-_]/u)[0] ?? '';
    const code = primary === 'tl' || primary === 'fil' ? 'fil' : primary === 'zh' ? 'zh-CN' : primary;
    if (LANGUAGES.includes(code)) return code;
  }
  return undefined;
}

export async function initStaffI18n(): Promise<typeof i18next> {
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  await i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: storedLanguage() ?? browserLanguage() ?? 'en',
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      ns: ['staff', 'errors'],
      defaultNS: 'staff',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  return i18next;
}

/** Refine's i18n provider on the same i18next. */
export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: Record<string, unknown>, defaultMessage?: string) =>
    i18next.t(key, { ...(options ?? {}), defaultValue: defaultMessage ?? key }),
  changeLocale: async (language: string) => {
    await i18next.changeLanguage(language);
    try {
      localStorage.setItem(STORAGE_KEY, language);
    } catch {
      // No storage: the choice lasts for this page.
    }
  },
  getLocale: () => i18next.language,
};

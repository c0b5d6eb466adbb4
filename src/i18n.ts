/**
 * i18next setup: every catalog (language, namespace) is a JSON file fetched when needed, English common strings too
 * (fetched while the first screen's chunk is, src/main.tsx); English is the default and the fallback.
 */
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { product, type Language } from './config.ts';
import { browserLanguage as pickLanguage } from '#domain/language.ts';
import { readStorage, STORAGE, writeStorage } from './storage.ts';
import { fetchEarly } from './api/early.ts';

/** Loads one catalog (language, namespace). */
export type CatalogLoader = (language: string, namespace: string) => Promise<Record<string, unknown>>;

/** Fetches /locales/<lng>/<ns>.json, versioned so an updated translation is never served stale. */
const fetchCatalog: CatalogLoader = async (language, namespace) => {
  const version = typeof __LOCALES_VERSION__ === 'string' ? __LOCALES_VERSION__ : 'dev';
  const url = `/locales/${language}/${namespace}.json?v=${version}`;
  const response = await fetchEarly(url);
  if (!response.ok) throw new Error(`catalog ${language}/${namespace}: HTTP ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
};

function backend(load: CatalogLoader): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language: string, namespace: string, callback: ReadCallback) {
      load(language, namespace).then(
        (catalog) => callback(null, catalog),
        // `true`: the catalog may be asked for again (a later loadNamespaces fetches it anew), as it must be after a
        // failure offline; i18next's own retries are off (maxRetries below), so a failure is reported at once.
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
      );
    },
  };
}

const offered = (code: string): code is Language => (product.languages as readonly string[]).includes(code);

/** The product's language for a browser's preferred languages (`navigator.languages`), domain/language.ts. */
export const browserLanguage = (preferred: readonly string[]): Language | undefined =>
  pickLanguage(preferred, product.languages);

/** The language the borrower chose before when the product offers it, else the browser's, else the default. */
export function initialLanguage(
  preferred: readonly string[] = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
): Language {
  const stored = readStorage('local', STORAGE.language) ?? '';
  return offered(stored) ? stored : (browserLanguage(preferred) ?? product.defaultLanguage);
}

/** The `lng` cookie: the server sends its pages in this language (server/plugins/web-app.ts). */
function tellServer(language: Language): void {
  document.cookie = `lng=${language};path=/;max-age=31536000;samesite=lax`;
}

/** Starts i18next; resolves once the first language's common strings, and `namespaces` (the opened page's), are ready. */
export async function initI18n(
  load: CatalogLoader = fetchCatalog,
  namespaces: readonly string[] = [],
): Promise<typeof i18next> {
  const lng = initialLanguage();
  tellServer(lng);
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  await i18next
    .use(backend(load))
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: 'en',
      supportedLngs: product.languages,
      load: 'currentOnly',
      maxRetries: 0,
      ns: ['common', ...namespaces],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  return i18next;
}

/** Switches the language and remembers the choice under `language`. */
export async function changeLanguage(language: Language): Promise<void> {
  await i18next.changeLanguage(language);
  writeStorage('local', STORAGE.language, language);
  tellServer(language);
}

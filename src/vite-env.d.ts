/** Version of the translation catalogs, set by scripts/vite/locales.ts. */
declare const __LOCALES_VERSION__: string;

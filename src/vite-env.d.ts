/** Version of the translation catalogs, set by scripts/vite/locales.ts. */
declare const __LOCALES_VERSION__: string;

/** Version of the PSGC address files (/psgc/...), set by scripts/vite/psgc.ts; appended as ?v=. */
declare const __PSGC_VERSION__: string;

/** The seed theme's custom properties as a stylesheet (scripts/vite/product-html.ts). */
declare module 'virtual:seed-theme.css';

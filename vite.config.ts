import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import product from './config/product.json' with { type: 'json' };
import theme1 from './config/themes/theme-1.json' with { type: 'json' };
import type { ProductConfig } from './config/types/product.ts';
import type { ThemeConfig } from './config/types/theme.ts';
import { bundleReport } from './scripts/vite/bundle-report.ts';
import { localeFiles, localesVersion } from './scripts/vite/locales.ts';
import { precompress } from './scripts/vite/precompress.ts';
import { preloadDeps } from './scripts/vite/preload-deps.ts';
import { productHtml } from './scripts/vite/product-html.ts';
import { psgcData } from './scripts/vite/psgc.ts';
import { pureReactCalls } from './scripts/vite/pure-react-calls.ts';
import { pwa } from './scripts/vite/pwa.ts';
import { rjsfTrim } from './scripts/vite/rjsf-trim.ts';
import { jsonNotesOut } from './scripts/vite/json-notes.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const config = product as ProductConfig;
const theme = theme1 as ThemeConfig;
const localesDir = fileURLToPath(new URL('./locales', import.meta.url));

const standIn = (file: string) => fileURLToPath(new URL(`./engine/form/stand-ins/${file}`, import.meta.url));

// RJSF imports markdown-to-jsx (about 32 KB gzip) for RichDescription/RichHelp; our forms show plain text.
const markdownAlias = { find: /^markdown-to-jsx(?:\/react)?$/, replacement: standIn('plain-markdown.tsx') };

// @rjsf/utils uses two functions of fast-uri (about 12 KB gzip) and one of fast-equals (about 4 KB gzip); the
// stand-ins do the same on what forms hold (engine/form/stand-ins/*.test.ts compares them with the libraries).
const rjsfStandIns = [
  { find: /^fast-uri$/, replacement: standIn('uri.ts') },
  { find: /^fast-equals$/, replacement: standIn('equals.ts') },
];

// react-router's package exports point every bundler at its development build (warnings, invariant messages, dev-only
// checks); the production build beside it is the same API without them.
const reactRouterDir = fileURLToPath(new URL('./node_modules/react-router/dist/production/', import.meta.url));
const reactRouterProduction = [
  { find: /^react-router$/, replacement: `${reactRouterDir}index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${reactRouterDir}dom-export.mjs` },
];

// react-i18next imports use-sync-external-store/shim (a CommonJS wrapper, for React 17); React 19 has the hook.
const syncExternalStoreAlias = {
  find: /^use-sync-external-store\/shim$/,
  replacement: standIn('sync-external-store.ts'),
};

/** The module aliases of every web build (the borrower app's and the staff console's, vite.staff.config.ts). */
export const webAliases = [markdownAlias, ...rjsfStandIns, ...reactRouterProduction, syncExternalStoreAlias];

/** Where the dev server sends what the API serves. */
const apiTarget = `http://127.0.0.1:${process.env['API_PORT'] ?? '3001'}`;

// The borrower app only. The staff console (staff/index.html, served under /staff) is built after it by
// vite.staff.config.ts into dist/staff/: as a second input here, the modules both entries use (React, the router,
// i18next) would leave the borrower's entry for a chunk shared with the console, keeping every export either one
// uses; /start measured 2.3 KB gzip more. Built apart, no borrower byte changes and no chunk is shared.
export default defineConfig(() => ({
  resolve: {
    alias: webAliases,
  },
  plugins: [
    react(),
    jsonNotesOut(),
    rjsfTrim(),
    pureReactCalls(),
    productHtml(config, theme),
    localeFiles(localesDir),
    psgcData(),
    pwa(config, theme, fileURLToPath(new URL('./src/sw-template.js', import.meta.url)), localesVersion(localesDir)),
    bundleReport(root),
    precompress(),
    preloadDeps(),
  ],
  build: {
    manifest: true,
    target: ['es2022', 'safari15'],
    modulePreload: { polyfill: false },
    cssCodeSplit: true,
    sourcemap: false,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        // The entry names every chunk and stylesheet a screen may need (its preload list), and random hash characters
        // do not compress: 7 of them (the fewest rolldown allows for this many chunks) instead of 8 keep that list
        // smaller on every route.
        chunkFileNames: 'assets/[name]-[hash:7].js',
        entryFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        // Left alone, the modules every screen of a kind shares come as a dozen chunks of 0.2-0.8 KB each (the API
        // client, session and error text; the loan screens' loading, formatting and figures; the pricing config), each
        // one more file, import list and preload entry. Grouped: 0.5 KB gzip off /start and the steps, about 1 KB off
        // the loan screens. A few routes now also load a small module of a group they did not use (figure-list or
        // order-status on billIndex, repaidDetail, triLink and changeBank; the pricing config on the legal pages) and
        // still come out smaller. The groups' dependencies stay where they were (includeDependenciesRecursively is
        // off), so no route gets anything else. The information steps' draft store goes with their profile sync, not
        // with the API client: /start and the loan screens never use it (0.26 KB gzip off each); the bank chooser
        // and /changeBank, which use the draft store, take the profile sync with it (1.2 KB), and with it the profile
        // client (src/api/profile.ts) and the document reference pattern they use. The data URL reader, which the
        // photo uploads and the signature share, goes with the API client: a chunk of its own would cost its file and
        // import list on the steps and loan screens, a dynamic import the runtime's helper on every route. The pricing
        // config's typed reader (config/pricing.ts) goes with the pricing config.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'api',
              test: /\/(src\/api\/(client|network-status|session|error-message|early|activity)|src\/store\/(core-store|persist)|src\/storage|domain\/data-url)\.ts$|\/node_modules\/zustand\//,
            },
            {
              name: 'profile-sync',
              test: /\/(src\/(forms\/profile-sync|store\/draft-store|api\/profile)|domain\/document-ref)\.ts$/,
            },
            { name: 'pricing-config', test: /\/(config\/pricing\.(json|ts)|src\/loans\/pricing\.ts)$/ },
            {
              name: 'loans',
              test: /\/src\/(api\/loans\.ts|return-after-login\.ts|loans\/(format\.ts|errors\.ts|load-state\.tsx|use-load\.ts|figure-list\.tsx|order-status\.tsx|payment-status\.ts|refund-state\.tsx|loans\.css))$/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // The API, and the published forms' immutable files (/forms/<hash>.json and .js, served by the server).
    proxy: { '/api': apiTarget, '^/forms/': apiTarget },
  },
}));

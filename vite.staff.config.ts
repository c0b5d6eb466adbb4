/**
 * The staff console's build (staff/index.html -> dist/staff/, served under /staff by server/plugins/web-app.ts), run
 * after the borrower's (vite.config.ts, which empties dist/). Its own entry, chunks and manifest: nothing of it is in
 * the borrower's module graph, service worker or preload lists. It shares the borrower's module aliases and reads
 * the catalogs the borrower's build emits (/locales/<lng>/staff.json and errors.json).
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import product from './config/product.json' with { type: 'json' };
import theme1 from './config/themes/theme-1.json' with { type: 'json' };
import type { ProductConfig } from './config/types/product.ts';
import type { ThemeConfig } from './config/types/theme.ts';
import { bundleReport } from './scripts/vite/bundle-report.ts';
import { localesVersion } from './scripts/vite/locales.ts';
import { precompress } from './scripts/vite/precompress.ts';
import { productHtml } from './scripts/vite/product-html.ts';
import { pureReactCalls } from './scripts/vite/pure-react-calls.ts';
import { rjsfTrim } from './scripts/vite/rjsf-trim.ts';
import { jsonNotesOut } from './scripts/vite/json-notes.ts';
import { webAliases } from './vite.config.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const localesDir = fileURLToPath(new URL('./locales', import.meta.url));

export default defineConfig(() => ({
  root: fileURLToPath(new URL('./staff', import.meta.url)),
  base: '/staff/',
  publicDir: false as const,
  // papaparse itself (Refine's CSV hooks and the studio's texts table import it): no stand-in on a desktop console.
  resolve: { alias: webAliases },
  define: { __LOCALES_VERSION__: JSON.stringify(localesVersion(localesDir)) },
  plugins: [
    react(),
    jsonNotesOut(),
    rjsfTrim(),
    pureReactCalls(),
    productHtml(product as ProductConfig, theme1 as ThemeConfig),
    bundleReport(root),
    precompress(),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist/staff', import.meta.url)),
    emptyOutDir: true,
    manifest: true,
    target: ['es2022', 'safari15'],
    modulePreload: { polyfill: false },
    cssCodeSplit: true,
    sourcemap: false,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        chunkFileNames: 'assets/[name]-[hash:7].js',
        entryFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
      },
    },
  },
}));

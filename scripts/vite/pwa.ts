/**
 * Makes the build installable: emits manifest.webmanifest from product config, and sw.js with the list of files the
 * app shell needs to open offline (the entry, its static imports, their CSS, index.html, icons). Everything else
 * the app fetches from its own origin is cached on first use.
 */
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;
import type { ProductConfig } from '#config/types/product.ts';
import type { ThemeConfig } from '#config/types/theme.ts';

/** The web app manifest for a product. */
export function webManifest(product: ProductConfig, theme: ThemeConfig) {
  return {
    name: product.displayName,
    short_name: product.shortName ?? product.displayName,
    start_url: '/start?standalone=1',
    scope: '/',
    id: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: theme.properties['--color-bg'],
    theme_color: theme.properties['--color-primary'],
    icons: [
      { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/**
 * The app shell: the entry with its static imports and their CSS, plus the lazy chunks of the shell itself
 * (src/shell/*: banner, toasts, dialogs) and the shared screen stylesheet, so the shell opens and reports its
 * state with no network at all.
 */
export function shellFiles(bundle: OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const name of chunk.imports) {
      const next = byName.get(name);
      if (next) visit(next);
    }
  };
  for (const chunk of chunks) {
    if (chunk.isEntry || chunk.facadeModuleId?.includes('/src/shell/')) visit(chunk);
  }
  for (const item of Object.values(bundle)) {
    if (item.type === 'asset' && /^assets\/kit-.*\.css$/.test(item.fileName)) files.add(item.fileName);
  }
  return [...files].sort();
}

export function pwa(
  product: ProductConfig,
  theme: ThemeConfig,
  swTemplatePath: string,
  localesVersion: string,
): Plugin {
  return {
    name: 'pwa',
    apply: 'build',
    generateBundle(_options, bundle) {
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.webmanifest',
        source: JSON.stringify(webManifest(product, theme), null, 2),
      });
      const catalogs = product.languages.map((lng) => `/locales/${lng}/common.json?v=${localesVersion}`);
      const precache = [
        '/',
        '/index.html',
        '/manifest.webmanifest',
        '/icons/favicon-32.png',
        '/icons/apple-touch-icon.png',
        ...catalogs,
        ...shellFiles(bundle).map((f) => `/${f}`),
      ];
      const version = createHash('sha256').update(Object.keys(bundle).sort().join('\n')).digest('hex').slice(0, 12);
      const source = readFileSync(swTemplatePath, 'utf8')
        .replace('self.__PRECACHE__', JSON.stringify(precache))
        .replace('self.__VERSION__', JSON.stringify(version));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

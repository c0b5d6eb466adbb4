/**
 * Writes the HTML of every route in every language after `vite build`: the page carries its first
 * screen, so a slow phone paints it before the scripts arrive, and the app hydrates it (src/main.tsx).
 *
 * For each route with a screen and each language: dist/pages/<language>/<route name>.html (with .br and .gz beside
 * it), the built index.html with the route's markup in #root (src/prerender.tsx renders it through Vite), `lang` on
 * <html>, and in <head> the stylesheets and module preloads of the route's screen chunk. The stylesheets come in the
 * app's one order (src/shell/screens.ts): the entry's, the shared kit, then the screen's own (its imports' first); a
 * page that shows only its frame preloads the screen's instead.
 * The server answers a page path with the page of its route in the borrower's language (server/plugins/web-app.ts).
 * Nothing inline: no script and no style attribute (the CSP allows neither), which the build test checks. #root is
 * `inert` until the app starts (src/main.tsx): a tap before then would submit a form natively (a reload) and lose what
 * was typed; from the start React replays what the borrower does on parts not yet hydrated.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Resource, ResourceKey } from 'i18next';
import { createServer } from 'vite';
import type { RouteDef } from '#engine/screens/route-table.ts';
import type * as PrerenderModule from '#src/prerender.tsx';
import type { PrerenderKind } from '#src/prerender.tsx';

process.env['NODE_ENV'] = 'production';

// A screen that sends the visitor on (<Navigate> in its first render) is drawn as it stands; react-router's warning
// about it says only that the server does not follow it, which is what a prerender wants.
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('<Navigate> must not be used on the initial render')) return;
  warn(...args);
};

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The stylesheets and scripts a chunk needs, its imports' first, each once. */
function chunkAssets(manifest: Manifest, key: string, seen = new Set<string>()): { css: string[]; js: string[] } {
  const out = { css: [] as string[], js: [] as string[] };
  if (seen.has(key)) return out;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`prerender: ${key} is not in the build manifest`);
  for (const imported of chunk.imports ?? []) {
    if (manifest[imported]?.isEntry) continue;
    const inner = chunkAssets(manifest, imported, seen);
    out.css.push(...inner.css);
    out.js.push(...inner.js);
  }
  out.css.push(...(chunk.css ?? []));
  out.js.push(chunk.file);
  return out;
}

function catalogs(): Resource {
  const dir = join(root, 'locales');
  return Object.fromEntries(
    readdirSync(dir).map((language) => [
      language,
      Object.fromEntries(
        readdirSync(join(dir, language))
          .filter((file) => file.endsWith('.json'))
          .map((file) => [
            file.slice(0, -5),
            JSON.parse(readFileSync(join(dir, language, file), 'utf8')) as ResourceKey,
          ]),
      ),
    ]),
  );
}

/** Whom a page's markup was drawn for, as src/prerendered.ts reads it: signed out, signed in, or anyone. */
const WHO: Record<PrerenderKind, string> = { full: 'out', frame: 'in', open: 'any' };

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

export async function prerender(): Promise<number> {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  if (!template.includes('<div id="root"></div>')) throw new Error('prerender: index.html has no empty #root');
  const kit = Object.keys(manifest).find((key) => key.endsWith('src/styles/kit.css'));
  const kitCss = kit ? [manifest[kit]!.file] : [];

  const vite = await createServer({
    root,
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  let written = 0;
  type Render = typeof PrerenderModule;
  const load = async () => {
    vite.moduleGraph.invalidateAll();
    const render = (await vite.ssrLoadModule('/src/prerender.tsx', { fixStacktrace: true })) as Render;
    await render.initPrerenderI18n(catalogs());
    return render;
  };
  try {
    // First, which open routes draw in full; then, in a fresh copy of the modules (no screen imported yet), the frames
    // before the full pages.
    const probe = await load();
    const kinds = new Map<RouteDef, PrerenderKind>();
    for (const route of probe.prerenderRoutes())
      kinds.set(route, !route.noCheck ? 'frame' : (await probe.drawsInFull(route)) ? 'full' : 'open');
    const render = await load();
    const frames = [...kinds].flatMap(([route, kind]) => (kind === 'full' ? [] : [{ route, kind }]));
    const pages = render.prerenderFrames(frames);
    for (const [route, kind] of kinds)
      if (kind === 'full')
        for (const language of render.languages()) pages.push(await render.prerenderPage(route, language));
    for (const page of pages) {
      const { route, language, kind } = page;
      const screenKey = `src/screens/${route.screen}/${route.screen}-screen.tsx`;
      const assets = chunkAssets(manifest, screenKey);
      const css = [...kitCss, ...assets.css.filter((file) => !kitCss.includes(file))];
      // A frame (its loading state) needs only the entry's stylesheet to paint: the screen's come as preloads, so they
      // do not hold the first paint, and the app links them (kit first) when it draws the screen.
      const rel = kind === 'full' ? 'stylesheet' : 'preload" as="style';
      const head = [
        ...css.map((file) => `<link rel="${rel}" crossorigin href="/${file}">`),
        ...assets.js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ].join('');
      const html = template
        .replace(/<html lang="[^"]*"/u, `<html lang="${escapeAttribute(language)}"`)
        .replace('</head>', `${head}</head>`)
        .replace(
          '<div id="root"></div>',
          `<div id="root" inert data-prerender="${escapeAttribute(`${language} ${route.path} ${WHO[kind]}`)}">${page.html}</div>`,
        );
      const dir = join(dist, 'pages', language);
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${route.name}.html`);
      const bytes = Buffer.from(html);
      writeFileSync(file, bytes);
      writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      written++;
    }
  } finally {
    await vite.close();
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const count = await prerender();
  console.log(`prerendered ${count} pages into dist/pages/`);
}

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
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Resource, ResourceKey } from 'i18next';
import { createServer, minifySync } from 'vite';
import type { RouteDef } from '#engine/screens/route-table.ts';
import product from '#config/product.json' with { type: 'json' };
import type * as PrerenderModule from '#src/prerender.tsx';
import { localesVersion } from './vite/locales.ts';
import type { PrerenderKind, SeedForms } from '#src/prerender.tsx';
import type { PublishedEntry } from '#server/forms/assets.ts';

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

/**
 * The lazy modules a screen asks for as soon as it is opened (its `early`, src/shell/screens.ts): the boot script
 * preloads them, and their stylesheets, with the screen's own.
 */
const EARLY_MODULES: Readonly<Record<string, readonly string[]>> = {
  homeIndex: ['src/loans/loan-offer.tsx'],
};

/**
 * The forms the server publishes first (the seed, version 1: server/forms/assets.ts): what a step's page is drawn
 * with, and what the page records of them (`data-published`: the form's file and the flow's version) for the server
 * to send it only while they are the published ones.
 */
async function seedForms(): Promise<{ seed: SeedForms; published: (route: string) => string | undefined }> {
  const { ASSETS_PATH, buildFormAssets, manifestOf, seedContents, stepPageKey } =
    await import('#server/forms/assets.ts');
  const entries: PublishedEntry[] = [];
  const files = new Map<string, string>();
  const validators = new Map<string, { default: unknown }>();
  for (const document of seedContents()) {
    if (document.kind !== 'form') {
      entries.push({ ...document, version: 1 } as PublishedEntry);
      continue;
    }
    const assets = await buildFormAssets(document.name, 1, document.content);
    entries.push({ kind: 'form', name: document.name, version: 1, ...assets });
    files.set(`${ASSETS_PATH}${assets.formHash}.json`, assets.formJson);
    const source = Buffer.from(assets.validatorJs).toString('base64');
    validators.set(
      `${ASSETS_PATH}${assets.validatorHash}.js`,
      (await import(`data:text/javascript;base64,${source}`)) as { default: unknown },
    );
  }
  const manifest = manifestOf(entries);
  const published = (route: string) => stepPageKey(manifest, route);
  return { seed: { manifest: JSON.stringify(manifest), files, validators }, published };
}

/** Whom a page's markup was drawn for, as src/prerendered.ts reads it: signed out, signed in, or anyone. */
const WHO: Record<PrerenderKind, string> = { full: 'out', signedIn: 'in', frame: 'in', open: 'any' };

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

function writeCompressed(file: string, bytes: Buffer): void {
  writeFileSync(file, bytes);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}

/** Writes the boot script (scripts/prerender/boot.js), minified, under a name of its content's hash; its path. */
function writeBoot(): string {
  const file = join(root, 'scripts/prerender/boot.js');
  const source = Buffer.from(minifySync(file, readFileSync(file, 'utf8'), { module: true }).code);
  const name = `assets/boot-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
  writeCompressed(join(dist, name), source);
  return `/${name}`;
}

/**
 * The page's scripts start after its first paint: the entry's <script> and every module preload give way to the boot
 * script, which carries them (scripts/prerender/boot.js). Before, the browser fetched and ran 100 KB of modules
 * beside the stylesheets and painted after them.
 */
export function bootAfterPaint(
  html: string,
  boot: string,
  early: { readonly style: readonly string[]; readonly fetch: readonly string[]; readonly session: readonly string[] },
  lazyModules: readonly string[] = [],
): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/u.exec(html);
  if (!entry) throw new Error('prerender: the page has no entry script');
  const preloads = new Set<string>();
  const rest = html.replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/gu, (_, href: string) => {
    preloads.add(href);
    return '';
  });
  for (const href of lazyModules) preloads.add(href);
  preloads.delete(entry[1]!);
  const data = (name: string, values: Iterable<string>) => ` data-${name}="${escapeAttribute([...values].join(' '))}"`;
  const script =
    `<script type="module" crossorigin src="${boot}"${data('entry', [entry[1]!])}${data('preload', preloads)}` +
    `${data('style', early.style)}${data('fetch', early.fetch)}${data('session', early.session)}></script>`;
  return rest.replace(entry[0], script);
}

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
  const boot = writeBoot();
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
      kinds.set(
        route,
        !route.noCheck
          ? probe.DRAWN_SIGNED_IN.has(route.screen!)
            ? 'signedIn'
            : 'frame'
          : (await probe.drawsInFull(route))
            ? 'full'
            : 'open',
      );
    const render = await load();
    const screens = (await vite.ssrLoadModule('/src/shell/screens.ts')) as {
      SCREEN_NAMESPACES: Readonly<Record<string, readonly string[]>>;
    };
    const version = localesVersion(join(root, 'locales'));
    // What a screen first asks the API for as the signed-in borrower (its `earlyGets`, src/shell/screens.ts).
    const earlyGets = async (screenKey: string) =>
      ((await vite.ssrLoadModule(`/${screenKey}`)) as { earlyGets?: readonly string[] }).earlyGets ?? [];
    const frames = [...kinds].flatMap(([route, kind]) =>
      kind === 'frame' || kind === 'open' ? [{ route, kind }] : [],
    );
    const pages = render.prerenderFrames(frames);
    for (const [route, kind] of kinds)
      for (const language of render.languages())
        if (kind === 'full') pages.push(await render.prerenderPage(route, language));
        else if (kind === 'signedIn') pages.push(await render.prerenderSignedIn(route, language));
    // The steps of the flow, drawn with their seed form for a borrower who completed the steps before each; the frame
    // stays beside each, for when staff have published another form or flow. A step whose form does not draw on the
    // server keeps its frame only.
    const { seed, published } = await seedForms();
    const flow = JSON.parse(seed.manifest) as { flow: { steps: { step: string; route: string }[] } };
    const steps = new Map<string, string>();
    for (const [route, kind] of kinds) {
      const at = flow.flow.steps.findIndex((entry) => entry.route === route.path);
      const publishedHere = published(route.path);
      if (kind !== 'frame' || at < 0 || !publishedHere) continue;
      const completed = flow.flow.steps.slice(0, at).map((entry) => entry.step);
      try {
        const drawnPages = [];
        for (const language of render.languages())
          drawnPages.push(await render.prerenderStep(route, language, seed, completed));
        if (drawnPages.some((page) => /\sstyle="/u.test(page.html))) continue;
        pages.push(...drawnPages);
        steps.set(route.name, publishedHere);
      } catch (error) {
        console.warn(`prerender: ${route.path} keeps its frame only: ${String(error)}`);
      }
    }
    for (const page of pages) {
      const { route, language, kind } = page;
      const screenKey = `src/screens/${route.screen}/${route.screen}-screen.tsx`;
      const assets = chunkAssets(manifest, screenKey);
      const css = [...kitCss, ...assets.css.filter((file) => !kitCss.includes(file))];
      const later = (EARLY_MODULES[route.screen!] ?? []).map((key) => chunkAssets(manifest, key));
      // A frame (its loading state) needs only the entry's stylesheet to paint: the boot script preloads the screen's
      // after the first paint, and the app links them (kit first) when it draws the screen.
      const whole = kind === 'full' || kind === 'signedIn';
      const head = [
        ...(whole ? css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`) : []),
        ...assets.js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ].join('');
      // What the boot script starts beside the app: the catalogs the screen renders with, the forms manifest, and for
      // a signed-in borrower's page what the screen first asks the API for.
      const catalogUrls = ['common', ...(screens.SCREEN_NAMESPACES[route.screen!] ?? [])].map(
        (ns) => `/locales/${language}/${ns}.json?v=${version}`,
      );
      const early = {
        style: [...new Set([...css, ...later.flatMap((chunk) => chunk.css)])]
          .filter((file) => !whole || !css.includes(file))
          .map((file) => `/${file}`),
        fetch: [...catalogUrls, `${product.apiBaseUrl}/forms/manifest`],
        session: WHO[kind] === 'in' ? (await earlyGets(screenKey)).map((path) => product.apiBaseUrl + path) : [],
      };
      const step = steps.get(route.name);
      const publishedAttribute = step && kind === 'signedIn' ? ` data-published="${escapeAttribute(step)}"` : '';
      const html = bootAfterPaint(
        template
          .replace(/<html lang="[^"]*"/u, `<html lang="${escapeAttribute(language)}"`)
          .replace('</head>', `${head}</head>`)
          .replace(
            '<div id="root"></div>',
            `<div id="root" inert data-prerender="${escapeAttribute(`${language} ${route.path} ${WHO[kind]}`)}"${publishedAttribute}>${page.html}</div>`,
          ),
        boot,
        early,
        later.flatMap((chunk) => chunk.js).map((file) => `/${file}`),
      );
      const dir = join(dist, 'pages', language);
      mkdirSync(dir, { recursive: true });
      // A step drawn with its form is the route's page; its frame is kept beside it.
      const file = join(dir, `${route.name}${step && kind === 'frame' ? '.frame' : ''}.html`);
      writeCompressed(file, Buffer.from(html));
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

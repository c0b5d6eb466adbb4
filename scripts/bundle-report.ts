/**
 * Bytes each route downloads before its first render, from the production build (dist/): the entry and its static
 * imports, the route's screen chunk and its static imports, their CSS (the page stylesheet among them), the shared
 * screen stylesheet and the screen's locale namespaces for the chosen language. Sizes are gzip -9. `npm run bundle-report` prints the table; the budget tests
 * assert on it and the browser suite checks it against what Chromium really downloads.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Manifest } from 'vite';
import type { FlowConfig } from '#config/types/flow.ts';
import type { RoutesConfig } from '#config/types/routes.ts';
import { widgetsOf } from '#engine/widgets/widget-names.ts';
import type { ChunkModules } from './vite/bundle-report.ts';

export interface RouteAssets {
  route: string;
  files: string[];
  modules: string[];
  js: number;
  css: number;
  /** JS plus CSS: what the budgets limit. */
  total: number;
  /** Catalogs (locale JSON) fetched as data, reported apart from code. */
  data: number;
}

const root = fileURLToPath(new URL('..', import.meta.url));

/** gzip -9 size of a built file. */
export function gzipBytes(distDir: string, file: string): number {
  return gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
}

/** Locale namespaces a screen's sources ask for with useTranslation (besides `common`, which ships in the entry). */
function namespacesOf(sources: string[]): string[] {
  const found = new Set<string>();
  for (const source of sources) {
    if (!/^(src|engine)\/.*\.(tsx?|jsx?)$/.test(source)) continue;
    const text = readFileSync(join(root, source), 'utf8');
    for (const match of text.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*')/g)) {
      for (const ns of match[1]!.matchAll(/'([^']+)'/g)) found.add(ns[1]!);
    }
  }
  found.delete('common');
  return [...found].sort();
}

/**
 * The engine's lazy widgets by `ui:widget` name and their source file, read from their loaders in
 * engine/widgets/registry.ts (`name: () => import('./file.tsx')` or another folder's `'../x/file.tsx'`, or `name: () => shared()` with
 * `const shared = () => import('./file.tsx')`; a name with a dash quoted); engine/widgets/widget-meta.test.ts holds
 * this to the registry's `widgetLoaders`.
 */
export function lazyWidgetFiles(): Map<string, string> {
  const source = readFileSync(join(root, 'engine/widgets/registry.ts'), 'utf8');
  const shared = new Map(
    [...source.matchAll(/const (\w+) = \(\) => import\('([\w./-]+\.tsx)'\)/g)].map((m) => [m[1]!, m[2]!]),
  );
  return new Map(
    [...source.matchAll(/(?:(\w+)|'([\w-]+)'): \(\) => (?:import\('([\w./-]+\.tsx)'\)|(\w+)\(\))/g)].flatMap((m) => {
      const file = m[3] ?? shared.get(m[4]!);
      return file === undefined ? [] : [[(m[1] ?? m[2])!, posix.join('engine/widgets', file)] as const];
    }),
  );
}

/**
 * The lazy widgets an information step loads after its screen chunk and before its form shows (src/forms/
 * step-modules.ts preloads those its uiSchema uses), for the seed's uiSchema (forms/<name>.ui.json, version 1 of
 * the published form). Empty for other routes. The form itself is no chunk any more: see {@link stepFormAssets}.
 */
function stepModules(routePath: string): string[] {
  const flow = JSON.parse(readFileSync(join(root, 'config/flow.json'), 'utf8')) as FlowConfig;
  const step = flow.steps.find((s) => s.route === routePath);
  if (!step) return [];
  const uiFile = `forms/${step.schema}.ui.json`;
  const ui: unknown = existsSync(join(root, uiFile)) ? JSON.parse(readFileSync(join(root, uiFile), 'utf8')) : {};
  const widgets = lazyWidgetFiles();
  return [...widgetsOf(ui)].flatMap((name) => (widgets.has(name) ? [widgets.get(name)!] : []));
}

/**
 * What an information step fetches at run time besides the build: its published form's JSON and validator module.
 * The JSON holds the form's texts in every language: those are the catalog entries that were locales/<lng>/forms.json
 * (a catalog, counted apart from code like every catalog here), so its size is split into the form (schema and
 * uiSchema, code) and its texts (data).
 */
export interface StepFormAssets {
  readonly step: string;
  readonly route: string;
  /** gzip -9 bytes of the whole /forms/<hash>.json (what is downloaded). */
  readonly formJson: number;
  /** gzip -9 bytes of that JSON with its texts left out: the schema and uiSchema. */
  readonly formCode: number;
  /** The rest: the form's texts in every language. */
  readonly formTexts: number;
  /** gzip -9 bytes of /forms/<hash>.js (the self-contained validator module). */
  readonly validatorJs: number;
  /** The module's text, to check what it holds. */
  readonly validatorSource: string;
}

/**
 * The run-time form assets of every information step, as the server publishes the seed (version 1), built by the
 * server's own code (server/forms/assets.ts, which bundles the validator with esbuild).
 */
export async function stepFormAssets(): Promise<StepFormAssets[]> {
  const { buildFormAssets, seedForm } = await import('#server/forms/assets.ts');
  const flow = JSON.parse(readFileSync(join(root, 'config/flow.json'), 'utf8')) as FlowConfig;
  const routes = JSON.parse(readFileSync(join(root, 'config/routes.json'), 'utf8')) as RoutesConfig;
  const gzip = (text: string) => gzipSync(Buffer.from(text), { level: 9 }).length;
  const out: StepFormAssets[] = [];
  for (const step of flow.steps) {
    const assets = await buildFormAssets(step.schema, 1, seedForm(step.schema));
    const route = routes.routes.find((r) => r.path === step.route)?.name ?? step.route;
    const formJson = gzip(assets.formJson);
    const formCode = gzip(JSON.stringify({ ...(JSON.parse(assets.formJson) as Record<string, unknown>), texts: {} }));
    out.push({
      step: step.step,
      route,
      formJson,
      formCode,
      formTexts: formJson - formCode,
      validatorJs: gzip(assets.validatorJs),
      validatorSource: assets.validatorJs,
    });
  }
  return out;
}

/** The files (and source modules) a route needs before it renders, in language `lng`. */
export function routeAssets(distDir: string, routeName: string, lng = 'en'): RouteAssets {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const chunks = JSON.parse(readFileSync(join(distDir, '.vite/modules.json'), 'utf8')) as ChunkModules;
  const routes = JSON.parse(readFileSync(join(root, 'config/routes.json'), 'utf8')) as RoutesConfig;
  const route = routes.routes.find((r) => r.name === routeName);
  if (!route) throw new Error(`no route ${routeName}`);

  const files = new Set<string>();
  const visit = (key: string) => {
    if (key.startsWith('locales/')) {
      // Catalogs are plain JSON files fetched by i18next (scripts/vite/locales.ts), not chunks.
      if (existsSync(join(distDir, key))) files.add(key);
      return;
    }
    const entry = manifest[key];
    if (!entry || files.has(entry.file)) return;
    files.add(entry.file);
    for (const css of entry.css ?? []) files.add(css);
    for (const next of entry.imports ?? []) visit(next);
  };
  visit('index.html');
  // The page's one script before the app (scripts/prerender.ts), on a route with a prerendered page.
  const page = join(distDir, 'pages', lng, `${routeName}.html`);
  const boot = existsSync(page) && /<script[^>]* src="\/(assets\/boot-[\w-]+\.js)"/u.exec(readFileSync(page, 'utf8'));
  if (boot) files.add(boot[1]!);
  visit(`locales/${lng}/common.json`);
  const screenKey = `src/screens/${route.screen}/${route.screen}-screen.tsx`;
  if (route.screen && manifest[screenKey]) {
    visit(screenKey);
    visit('src/styles/kit.css');
    for (const key of stepModules(route.path)) visit(key);
    const sources = Object.entries(chunks)
      .filter(([file]) => files.has(file) && file !== manifest['index.html']?.file)
      .flatMap(([, chunk]) => chunk.modules);
    for (const ns of namespacesOf(sources)) visit(`locales/${lng}/${ns}.json`);
  }
  const list = [...files].sort();
  const modules = list.flatMap((file) => chunks[file]?.modules ?? []);
  let js = 0;
  let css = 0;
  let data = 0;
  for (const file of list) {
    const size = gzipBytes(distDir, file);
    if (file.endsWith('.css')) css += size;
    else if (file.endsWith('.json')) data += size;
    else js += size;
  }
  return { route: routeName, files: list, modules, js, css, total: js + css, data };
}

/** Every route of the table, measured. */
export function allRouteAssets(distDir: string, lng = 'en'): RouteAssets[] {
  const routes = JSON.parse(readFileSync(join(root, 'config/routes.json'), 'utf8')) as RoutesConfig;
  return routes.routes.filter((r) => !r.redirect).map((r) => routeAssets(distDir, r.name, lng));
}

/** The staff console's build (vite.staff.config.ts): its files, their source modules and gzip -9 sizes. */
export interface StaffAssets {
  /** The entry, its static imports and their CSS: what /staff/login downloads before its first render. */
  readonly initial: { files: string[]; js: number; css: number; total: number };
  /** Every chunk and stylesheet of the console, its lazy screens and forms included. */
  readonly all: { files: string[]; modules: string[]; total: number };
}

/** Measures dist/staff/ (paths relative to dist/, as the server serves them under /staff/). */
export function staffAssets(distDir: string): StaffAssets {
  const staffDir = join(distDir, 'staff');
  const manifest = JSON.parse(readFileSync(join(staffDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const chunks = JSON.parse(readFileSync(join(staffDir, '.vite/modules.json'), 'utf8')) as ChunkModules;
  const files = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || files.has(entry.file)) return;
    files.add(entry.file);
    for (const css of entry.css ?? []) files.add(css);
    for (const next of entry.imports ?? []) visit(next);
  };
  visit('index.html');
  const size = (file: string) => gzipBytes(staffDir, file);
  const initialFiles = [...files].sort();
  const js = initialFiles.filter((f) => !f.endsWith('.css')).reduce((n, f) => n + size(f), 0);
  const css = initialFiles.filter((f) => f.endsWith('.css')).reduce((n, f) => n + size(f), 0);
  const allFiles = [...new Set(Object.values(manifest).flatMap((e) => [e.file, ...(e.css ?? [])]))]
    .filter((f) => /\.(js|css)$/.test(f))
    .sort();
  return {
    initial: { files: initialFiles.map((f) => `staff/${f}`), js, css, total: js + css },
    all: {
      files: allFiles.map((f) => `staff/${f}`),
      modules: Object.values(chunks).flatMap((c) => c.modules),
      total: allFiles.reduce((n, f) => n + size(f), 0),
    },
  };
}

/** Prints the table (`npm run bundle-report`). */
async function printReport(): Promise<void> {
  const distDir = join(root, 'dist');
  const kb = (n: number) => (n / 1000).toFixed(1).padStart(7);
  console.log('route                  JS KB  CSS KB  total KB  catalogs KB  (gzip -9, before first render, English)');
  for (const r of allRouteAssets(distDir))
    console.log(`${r.route.padEnd(20)} ${kb(r.js)} ${kb(r.css)} ${kb(r.total)} ${kb(r.data).padStart(12)}`);
  console.log('\ninformation steps: their published form fetched at run time (the seed, version 1)');
  console.log(
    'route                form KB  of it texts  validator KB  budgeted KB (build + form - texts + validator)',
  );
  const built = new Map(allRouteAssets(distDir).map((r) => [r.route, r.total]));
  for (const f of await stepFormAssets()) {
    const budgeted = (built.get(f.route) ?? 0) + f.formCode + f.validatorJs;
    console.log(
      `${f.route.padEnd(20)} ${kb(f.formJson)} ${kb(f.formTexts).padStart(12)} ${kb(f.validatorJs).padStart(13)} ${kb(budgeted).padStart(12)}`,
    );
  }
  if (existsSync(join(distDir, 'staff/.vite/manifest.json'))) {
    const staff = staffAssets(distDir);
    console.log(`\nstaff console (/staff, its own build)`);
    console.log(
      `${'entry'.padEnd(20)} ${kb(staff.initial.js)} ${kb(staff.initial.css)} ${kb(staff.initial.total)}   (before the login renders)`,
    );
    console.log(`${'all chunks'.padEnd(20)} ${''.padStart(15)} ${kb(staff.all.total)}   (every screen and form)`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await printReport();

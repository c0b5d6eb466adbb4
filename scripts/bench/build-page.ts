/**
 * Builds the keystroke bench page (scripts/bench/page) with Vite's programmatic build, production mode, once per
 * form, each page holding only its own form's code:
 *
 * - `virtual:bench-step` is forms/<step>.schema.json, .ui.json and compiled/<step>.js (or the generated wide step's);
 * - `virtual:bench-form` is page/ours.tsx, page/stock.tsx or page/plain.tsx (an opt-in baseline).
 *
 * "ours" (and any other page but stock) is built the way the app is: the `resolve.alias` entries of the repo's vite.config.ts (markdown-to-jsx and
 * the other RJSF dependency stand-ins) and its module-trimming plugins (APP_FORM_PLUGINS), read from the config file
 * itself so the bench follows it. "stock" gets only the markdown-to-jsx alias (both forms render
 * descriptions as plain text) and otherwise RJSF's own dependencies. Both get the React plugin, nothing else of the
 * app's build (no HTML, PWA, locales or compression plugins).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { WIDE_STEP, writeWideStep } from './wide-step.ts';
import { build, loadConfigFromFile } from 'vite';
import type { Alias, Plugin, PluginOption } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');
const pageDir = join(here, 'page');

/** The app's build plugins that change which modules the forms are made of (by `name`). */
export const APP_FORM_PLUGINS: readonly string[] = ['rjsf-trim'];

/**
 * The form a page is built for: the name of a page/<name>.tsx exporting `BenchForm` and `notes` ('ours', 'stock',
 * 'plain', or a variant to try, e.g. 'ours-something').
 */
export type BenchFormName = string;

/** Whether page/<form>.tsx exists. */
export function hasBenchForm(form: string): boolean {
  return /^[a-z][a-z0-9-]*$/u.test(form) && existsSync(join(pageDir, `${form}.tsx`));
}

/** The files of a step: forms/<step>.*, or the generated wide step's (wide-step.ts) written into the bench cache. */
function stepFiles(step: string): { schema: string; uiSchema?: string; validate: string } {
  if (step === WIDE_STEP) return writeWideStep(join(repo, 'node_modules/.cache/bench/steps', WIDE_STEP));
  const ui = join(repo, 'forms', `${step}.ui.json`);
  return {
    schema: join(repo, 'forms', `${step}.schema.json`),
    ...(existsSync(ui) ? { uiSchema: ui } : {}),
    validate: join(repo, 'forms', 'compiled', `${step}.js`),
  };
}

function virtualModules(step: string, form: BenchFormName): Plugin {
  const files = stepFiles(step);
  const sources: Record<string, string> = {
    'virtual:bench-step': [
      `export const name = ${JSON.stringify(step)};`,
      `export { default as schema } from ${JSON.stringify(files.schema)};`,
      files.uiSchema
        ? `export { default as uiSchema } from ${JSON.stringify(files.uiSchema)};`
        : 'export const uiSchema = {};',
      `export { default as validate } from ${JSON.stringify(files.validate)};`,
    ].join('\n'),
    'virtual:bench-form': [
      `export const form = ${JSON.stringify(form)};`,
      `export { BenchForm, notes } from ${JSON.stringify(join(pageDir, `${form}.tsx`))};`,
    ].join('\n'),
  };
  return {
    name: 'bench-virtual-modules',
    resolveId: (id) => (id in sources ? `\0${id}` : undefined),
    load: (id) => (id.startsWith('\0') ? sources[id.slice(1)] : undefined),
  };
}

async function flatPlugins(option: PluginOption): Promise<Plugin[]> {
  const value = await option;
  if (Array.isArray(value)) return (await Promise.all(value.map(flatPlugins))).flat();
  return value ? [value as Plugin] : [];
}

/** The aliases and form-trimming plugins of the repo's vite.config.ts, as its production build resolves them. */
export async function appFormResolution(): Promise<{ alias: Alias[]; plugins: Plugin[] }> {
  const loaded = await loadConfigFromFile(
    { command: 'build', mode: 'production' },
    join(repo, 'vite.config.ts'),
    repo,
    'silent',
  );
  const config = loaded?.config ?? {};
  const raw = config.resolve?.alias ?? [];
  const alias: Alias[] = Array.isArray(raw)
    ? [...(raw as Alias[])]
    : Object.entries(raw as Record<string, string>).map(([find, replacement]) => ({ find, replacement }));
  const plugins = (await flatPlugins(config.plugins ?? [])).filter((p) => APP_FORM_PLUGINS.includes(p.name));
  return { alias, plugins };
}

const matches = (alias: Alias, id: string) =>
  typeof alias.find === 'string' ? alias.find === id : alias.find.test(id);

/** Builds the page of `form` for `step` into `outDir` (emptied first), served from `base` (e.g. '/ours/'). */
export async function buildBenchPage(
  step: string,
  form: BenchFormName,
  outDir: string,
  base: string,
  options: { minify?: boolean; sourcemap?: boolean } = {},
): Promise<void> {
  const app = await appFormResolution();
  // Every form but stock is built as the app is (plain imports no RJSF, so for it the aliases change nothing).
  const alias =
    form === 'stock'
      ? app.alias.filter((a) => matches(a, 'markdown-to-jsx') || matches(a, 'markdown-to-jsx/react'))
      : app.alias;
  await build({
    configFile: false,
    root: pageDir,
    base,
    mode: 'production',
    logLevel: 'warn',
    publicDir: false,
    plugins: [react(), ...(form === 'stock' ? [] : app.plugins), virtualModules(step, form)],
    resolve: { alias },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: options.sourcemap ?? false,
      minify: options.minify ?? true,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 10_000,
      modulePreload: { polyfill: false },
    },
  });
}

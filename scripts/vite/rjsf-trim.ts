/**
 * Replaces RJSF's layout fields, the widgets the engine replaces and the default templates the engine's registry
 * always replaces with stand-ins that refuse them (engine/form/stand-ins/unsupported-*.tsx, replaced-template.tsx):
 * @rjsf/core's default registry imports every field, widget and template, so they cannot be tree-shaken, and the
 * engine does not use them.
 *
 * It earns its bytes on the form routes: without it an information step needs 6.5 KB gzip more (identityInfo 172.0 KB
 * against 165.5 KB of build, measured on @rjsf/core 6.11.1). It redirects imports inside @rjsf/core by file name, so it
 * is pinned: the build fails when @rjsf/core is not the version it was written for, or when @rjsf/core's index files
 * no longer import every file it replaces (scripts/vite/rjsf-trim.test.ts checks the installed files).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The @rjsf/core version whose files the plugin replaces. */
export const PINNED_RJSF_CORE = '6.11.1';

const LAYOUT_FIELD = /^\.\/Layout(?:Grid|Header|MultiSchema)Field\.js$/;
// Textarea: the engine's registry has its own (engine/form/templates/textarea-widget.tsx; registry.test.tsx holds it).
const UNUSED_WIDGET = /^\.\/(?:AltDate|AltDateTime|Color|File|Range|Rating|Textarea)Widget\.js$/;
// The engine's registry has its own of each (engine/form/registry.test.tsx holds it to this list).
const REPLACED_TEMPLATE =
  /^\.\/(?:BaseInputTemplate|ArrayFieldTemplate|ArrayFieldItemTemplate|ObjectFieldTemplate|ErrorList|FieldErrorTemplate)\.js$/;

/** Each index file of @rjsf/core the plugin redirects imports of, what it redirects, and how many of its imports. */
export const TRIMMED = [
  { index: 'lib/components/fields/index.js', specifier: LAYOUT_FIELD, count: 3 },
  { index: 'lib/components/widgets/index.js', specifier: UNUSED_WIDGET, count: 7 },
  { index: 'lib/components/templates/index.js', specifier: REPLACED_TEMPLATE, count: 6 },
] as const;

/** Why the plugin's patch does not apply to the @rjsf/core installed in `packageDir`, or undefined when it does. */
export function rjsfTrimMismatch(packageDir: string): string | undefined {
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  if (version !== PINNED_RJSF_CORE)
    return (
      `rjsf-trim replaces files of @rjsf/core ${PINNED_RJSF_CORE}, but @rjsf/core ${version} is installed: check the ` +
      'files it redirects (scripts/vite/rjsf-trim.ts), measure a step with and without it, then update PINNED_RJSF_CORE.'
    );
  for (const { index, specifier, count } of TRIMMED) {
    const imports = [...readFileSync(join(packageDir, index), 'utf8').matchAll(/from "([^"]+)"/gu)].map((m) => m[1]!);
    const found = imports.filter((source) => specifier.test(source)).length;
    if (found !== count)
      return `rjsf-trim: @rjsf/core's ${index} imports ${found} of the ${count} files the plugin replaces: its patch no longer applies.`;
  }
  return undefined;
}

/** The directory of the installed @rjsf/core. */
export function rjsfCoreDir(): string {
  // Its exports name no package.json: from the file its main entry resolves to, up to the package's own folder.
  const entry = createRequire(import.meta.url).resolve('@rjsf/core');
  const at = entry.lastIndexOf('/@rjsf/core/');
  return at >= 0 ? entry.slice(0, at + '/@rjsf/core'.length) : dirname(entry);
}

export function rjsfTrim(): Plugin {
  const standIn = fileURLToPath(new URL('../../engine/form/stand-ins/unsupported-field.tsx', import.meta.url));
  const widgetStandIn = fileURLToPath(new URL('../../engine/form/stand-ins/unsupported-widget.tsx', import.meta.url));
  const templateStandIn = fileURLToPath(new URL('../../engine/form/stand-ins/replaced-template.tsx', import.meta.url));
  return {
    name: 'rjsf-trim',
    enforce: 'pre',
    buildStart() {
      const mismatch = rjsfTrimMismatch(rjsfCoreDir());
      if (mismatch) this.error(mismatch);
    },
    resolveId(source, importer) {
      if (importer?.includes('/@rjsf/core/lib/components/fields/') && LAYOUT_FIELD.test(source)) return standIn;
      if (importer?.includes('/@rjsf/core/lib/components/widgets/') && UNUSED_WIDGET.test(source)) return widgetStandIn;
      if (importer?.endsWith('/@rjsf/core/lib/components/templates/index.js') && REPLACED_TEMPLATE.test(source))
        return templateStandIn;
      return null;
    },
  };
}

/**
 * Replaces RJSF's layout fields with a stand-in that refuses them (engine/form/stand-ins/unsupported-field.tsx):
 * @rjsf/core's default registry imports every field, so they cannot be tree-shaken, and the engine does not use them.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const LAYOUT_FIELD = /^\.\/Layout(?:Grid|Header|MultiSchema)Field\.js$/;

export function rjsfTrim(): Plugin {
  const standIn = fileURLToPath(new URL('../../engine/form/stand-ins/unsupported-field.tsx', import.meta.url));
  return {
    name: 'rjsf-trim',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer?.includes('/@rjsf/core/lib/components/fields/') && LAYOUT_FIELD.test(source)) return standIn;
      return null;
    },
  };
}

/**
 * Replaces RJSF's layout fields, the widgets the engine replaces and the default templates the engine's registry
 * always replaces with stand-ins that refuse them (engine/form/stand-ins/unsupported-*.tsx, replaced-template.tsx):
 * @rjsf/core's default registry imports every field, widget and template, so they cannot be tree-shaken, and the
 * engine does not use them.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const LAYOUT_FIELD = /^\.\/Layout(?:Grid|Header|MultiSchema)Field\.js$/;
// Textarea: the engine's registry has its own (engine/form/templates/textarea-widget.tsx; registry.test.tsx holds it).
const UNUSED_WIDGET = /^\.\/(?:AltDate|AltDateTime|Color|File|Range|Rating|Textarea)Widget\.js$/;
// The engine's registry has its own of each (engine/form/registry.test.tsx holds it to this list).
const REPLACED_TEMPLATE =
  /^\.\/(?:BaseInputTemplate|ArrayFieldTemplate|ArrayFieldItemTemplate|ObjectFieldTemplate|ErrorList|FieldErrorTemplate)\.js$/;

export function rjsfTrim(): Plugin {
  const standIn = fileURLToPath(new URL('../../engine/form/stand-ins/unsupported-field.tsx', import.meta.url));
  const widgetStandIn = fileURLToPath(new URL('../../engine/form/stand-ins/unsupported-widget.tsx', import.meta.url));
  const templateStandIn = fileURLToPath(new URL('../../engine/form/stand-ins/replaced-template.tsx', import.meta.url));
  return {
    name: 'rjsf-trim',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer?.includes('/@rjsf/core/lib/components/fields/') && LAYOUT_FIELD.test(source)) return standIn;
      if (importer?.includes('/@rjsf/core/lib/components/widgets/') && UNUSED_WIDGET.test(source)) return widgetStandIn;
      if (importer?.endsWith('/@rjsf/core/lib/components/templates/index.js') && REPLACED_TEMPLATE.test(source))
        return templateStandIn;
      return null;
    },
  };
}

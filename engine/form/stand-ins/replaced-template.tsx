/**
 * Stands in for RJSF's default templates that the engine's registry always replaces (BaseInputTemplate,
 * ArrayFieldTemplate, ArrayFieldItemTemplate, ObjectFieldTemplate, ErrorList, FieldErrorTemplate; about 2 KB gzip)
 * in the browser build (scripts/vite/rjsf-trim.ts): @rjsf/core's default registry imports every template, so they
 * cannot be tree-shaken, and every form's registry starts with the engine's layer (engine/form/registry.ts), whose
 * templates take their place. Reached only if a registry lost one of the engine's: that fails loudly.
 */
export default function ReplacedTemplate(): never {
  throw new Error('template: engine/form/stand-ins');
}

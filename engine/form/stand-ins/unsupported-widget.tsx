import type { WidgetProps } from '@rjsf/utils';

/**
 * Stands in for RJSF widgets the engine replaces or does not offer in the browser build (scripts/vite/rjsf-trim.ts):
 * AltDate, AltDateTime, File, Range and Textarea, which the engine's registry replaces with its own under the same
 * names (engine/form/registry.ts), so this is never reached for them; Color and Rating, which the studio does not
 * offer. A field that still reaches it fails alone: the field template's error boundary shows `form.fieldFailed` in
 * its place and the rest of the form works. The message is short: it ships.
 */
export default function UnsupportedWidget({ id }: WidgetProps): never {
  throw new Error(`${id}: engine/form/stand-ins`);
}

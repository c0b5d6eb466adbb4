import type { WidgetProps } from '@rjsf/utils';

/**
 * Stands in for RJSF widgets the engine replaces or does not offer (AltDate, AltDateTime, Color, File, Range,
 * Rating; Textarea, which the engine's registry replaces with its own) in the browser build
 * (scripts/vite/rjsf-trim.ts). Files and photos use the engine's `photo` widget; dates the native `date` input. A schema that would need one fails loudly instead of half-rendering.
 */
export default function UnsupportedWidget({ id }: WidgetProps): never {
  throw new Error(`widget of ${id}: this RJSF widget is not part of the engine (engine/form/stand-ins)`);
}

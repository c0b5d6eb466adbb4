/**
 * The engine's own of RJSF's widgets that the browser build leaves out (scripts/vite/rjsf-trim.ts) or that give a
 * value JSON Schema refuses (time): rare on a borrower's steps, so they share one chunk, fetched by the first field
 * that needs one of them (engine/widgets/registry.ts).
 */
export { AltDateInput, AltDateTimeInput } from './alt-date-input.tsx';
export { FileInput } from './file-input.tsx';
export { RangeInput } from './range-input.tsx';
export { TimeInput } from './time-input.tsx';

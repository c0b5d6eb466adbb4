import type { ErrorObject } from 'ajv';

/**
 * A validation error as the generated code reports it: `instancePath` (JSON pointer of the field), `keyword` and
 * `params` are what an i18n mapping reads; there is no English `message` (createAjv turns messages off).
 */
export type ValidationError = ErrorObject;

/**
 * A validator function, live (from `ajv.compile`) or precompiled (a `schemas/compiled/*.js` default export).
 * It may normalise string fields of `data` in place (see the `normalize` keyword).
 */
export interface CompiledValidator {
  (data: unknown): boolean;
  /** Errors of the last call, or null when it passed. */
  errors?: ValidationError[] | null;
}

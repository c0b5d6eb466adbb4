import type { ErrorObject } from 'ajv';

/**
 * A validation error as the generated code reports it: `instancePath` (JSON pointer of the field), `keyword` and
 * `params` are what an i18n mapping reads; there is no English `message` (createAjv turns messages off).
 */
export type ValidationError = ErrorObject;

/**
 * A validator function, live (from `ajv.compile`) or precompiled (a `forms/compiled/*.js` default export).
 * It may normalise string fields of `data` in place (see the `normalize` keyword).
 */
export interface CompiledValidator {
  (data: unknown): boolean;
  /** Errors of the last call, or null when it passed. */
  errors?: ValidationError[] | null;
  /**
   * A published validator module's compiled branch tests, by JSON pointer into its schema (each `if`, each `anyOf` /
   * `oneOf` branch; see standaloneModule): how the browser's form and the server's pruning decide branches.
   */
  readonly branches?: Readonly<Record<string, (data: unknown) => boolean>>;
  /**
   * The compiled test of every schema RJSF may ask the form's validator about (`isValid`: an `if`, an option, the
   * variants RJSF makes of them to rank options, a `dependencies` condition), by RJSF's key of it (`rjsfSchemaKey`:
   * its `$id` or RJSF's hash), as RJSF's `schemaParser` collects them (engine/validation/rjsf-schemas.ts).
   */
  readonly asked?: Readonly<Record<string, (data: unknown) => boolean>>;
}

/**
 * Runs `validate` on `data` (which it may normalise in place) and answers the errors a person should see: ajv adds an
 * `if` error ("must match then") beside the errors of the branch that failed; it names no field and says nothing the
 * branch's own errors do not, so it is dropped. The browser form and the server both report through this.
 */
export function fieldErrors(validate: CompiledValidator, data: unknown): ValidationError[] {
  return validate(data) ? [] : (validate.errors ?? []).filter((error) => error.keyword !== 'if');
}

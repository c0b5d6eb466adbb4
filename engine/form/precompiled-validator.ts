import {
  createErrorHandler,
  hashForSchema,
  JUNK_OPTION_ID,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
} from '@rjsf/utils';
import type {
  CustomValidator,
  ErrorTransformer,
  RJSFSchema,
  RJSFValidationError,
  UiSchema,
  ValidationData,
  ValidatorType,
} from '@rjsf/utils';
import { fieldErrors, type CompiledValidator, type ValidationError } from '../validation/compiled-validator.ts';
import { toRjsfErrors, type ErrorKeyFn } from './error-mapping.ts';
import { sourcePointer } from './inline-refs.ts';

/** Options of `precompiledValidator`. */
export interface PrecompiledValidatorOptions {
  /** The form's root schema, the one `validate` was compiled from. */
  readonly rootSchema: RJSFSchema;
  /** The standalone function compiled at build time (a `forms/compiled/*.js` default export). */
  readonly validate: CompiledValidator;
  /** The i18n key of each error's message. */
  readonly errorKey: ErrorKeyFn;
  /**
   * Rules a schema cannot hold because they need context from outside the form (the registered phone, today's date
   * for an age): called with the NORMALISED data after the compiled function, its errors reported like the schema's.
   */
  readonly check?: FormCheck;
}

/** Extra rules over the normalised form data; errors as the compiled validator reports them (keyword, params, path). */
export type FormCheck = (data: unknown) => ValidationError[];

function isRoot(schema: RJSFSchema, root: RJSFSchema): boolean {
  return schema === root || (root.$id !== undefined && schema.$id === root.$id);
}

/** RJSF's key of a schema it asks about (engine/validation/rjsf-schemas.ts `rjsfSchemaKey`), once per schema object. */
const keys = new WeakMap<object, string>();
function keyOf(schema: RJSFSchema): string {
  let key = keys.get(schema);
  if (key === undefined) {
    key = typeof schema.$id === 'string' ? schema.$id : hashForSchema(schema);
    keys.set(schema, key);
  }
  return key;
}

/** Thrown when RJSF asks about a schema the validator module has no compiled test of (a module built from another schema). */
export class UncompiledSchemaError extends Error {
  constructor(key: string) {
    super(`the form's validator module has no compiled test of the schema RJSF asks about (${key})`);
    this.name = 'UncompiledSchemaError';
  }
}

/**
 * An RJSF `ValidatorType` on OUR build-time compiled function: nothing is compiled at runtime, so no `new Function`
 * and the app runs under a CSP without 'unsafe-eval'.
 *
 * - `validateFormData` always runs the compiled function (the whole form's rules, whatever resolved schema RJSF
 *   passes) on a copy of the data: the function normalises in place and RJSF's state must not change under it.
 * - `isValid(schema, data, root)`: the root schema (same object or `$id`) goes to the compiled function; any other
 *   schema is one RJSF asks about to decide a branch (an `if`, a `oneOf` / `anyOf` option or RJSF's ranking variant
 *   of it, a `dependencies` option's condition). Each runs the validator module's ajv-compiled test of it, found as
 *   @rjsf/validator-ajv8's precompiled validator finds it (`validate.asked`, by `$id` or RJSF's hash; the module
 *   compiled every schema RJSF's `schemaParser` collects), or else, for one of the form's own branches, by its pointer
 *   (`validate.branches`, the tests the server prunes with). RJSF's placeholder option never matches, as in RJSF. A
 *   schema with no compiled test throws `UncompiledSchemaError`: nothing is decided by anything but ajv's code. A
 *   condition sees the value as typed, on a copy. Known gap: where an object with an `if` also has a `oneOf` /
 *   `anyOf` option with its own `if`, RJSF merges the two conditions into one no schema holds; the module has no
 *   test of it and the form throws (the studio's preview shows it before anything is published).
 */
export function precompiledValidator({
  rootSchema,
  validate,
  errorKey,
  check,
}: PrecompiledValidatorOptions): ValidatorType {
  const run = (data: unknown): ValidationError[] => {
    const copy: unknown = data === undefined ? undefined : structuredClone(data);
    const errors = fieldErrors(validate, copy);
    return check ? [...errors, ...check(copy)] : errors;
  };

  return {
    validateFormData(
      formData: unknown,
      schema: RJSFSchema,
      customValidate?: CustomValidator,
      transformErrors?: ErrorTransformer,
      uiSchema?: UiSchema,
    ): ValidationData<unknown> {
      let errors: RJSFValidationError[] = toRjsfErrors(run(formData), schema, errorKey, uiSchema);
      if (transformErrors) errors = transformErrors(errors, uiSchema);
      const errorSchema = toErrorSchema(errors);
      if (!customValidate) return { errors, errorSchema };
      const handler = customValidate(formData, createErrorHandler(formData), uiSchema, errorSchema);
      return validationDataMerge({ errors, errorSchema }, unwrapErrorHandler(handler));
    },
    isValid(schema: RJSFSchema, formData: unknown): boolean {
      if (isRoot(schema, rootSchema)) return run(formData).length === 0;
      if (schema.$id === JUNK_OPTION_ID) return false;
      const key = keyOf(schema);
      const pointer = sourcePointer(schema);
      const test = validate.asked?.[key] ?? (pointer === undefined ? undefined : validate.branches?.[pointer]);
      if (!test) throw new UncompiledSchemaError(key);
      return test(formData === undefined ? undefined : structuredClone(formData));
    },
    rawValidation<Result = ValidationError>(schema: RJSFSchema, formData?: unknown) {
      if (!isRoot(schema, rootSchema))
        return { errors: [] as Result[], validationError: new Error('only the root schema is precompiled') };
      return { errors: run(formData) as Result[] };
    },
  };
}

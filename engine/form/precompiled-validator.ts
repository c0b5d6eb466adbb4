import { createErrorHandler, toErrorSchema, unwrapErrorHandler, validationDataMerge } from '@rjsf/utils';
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
import { matchesCondition } from './schema-condition.ts';

/** Options of `precompiledValidator`. */
export interface PrecompiledValidatorOptions {
  /** The form's root schema, the one `validate` was compiled from. */
  readonly rootSchema: RJSFSchema;
  /** The standalone function compiled at build time (a `schemas/compiled/*.js` default export). */
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

/**
 * An RJSF `ValidatorType` on OUR build-time compiled function: nothing is compiled at runtime, so no `new Function`
 * and the app runs under a CSP without 'unsafe-eval'.
 *
 * - `validateFormData` always runs the compiled function (the whole form's rules, whatever resolved schema RJSF
 *   passes) on a copy of the data: the function normalises in place and RJSF's state must not change under it.
 * - `isValid(schema, data, root)`: the root schema (same object or `$id`) goes to the compiled function; any other
 *   schema is a sub-schema RJSF asks about (`if` conditions, `oneOf`/`anyOf` options). One of the form's own branches
 *   runs the validator module's compiled test of it (`validate.branches`, by its pointer in the schema the module was
 *   compiled from: `rootSchema` is its `inlineLocalRefs` copy, see `sourcePointer`): the code the server prunes
 *   with, so both decide a branch alike. A schema RJSF made up (an option with its `required` relaxed) or a module
 *   without branch tests is evaluated structurally (`matchesCondition`; the studio refuses conditions it cannot
 *   decide). A condition sees the value as typed, on a copy.
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
    isValid(schema: RJSFSchema, formData: unknown, root: RJSFSchema): boolean {
      if (isRoot(schema, rootSchema)) return run(formData).length === 0;
      // A branch of the form (an `if`, a `oneOf` option): the module's compiled test, as the server decides it.
      const pointer = sourcePointer(schema);
      const test = pointer === undefined ? undefined : validate.branches?.[pointer];
      if (test) return test(formData === undefined ? undefined : structuredClone(formData));
      return matchesCondition(schema, formData, root);
    },
    rawValidation<Result = ValidationError>(schema: RJSFSchema, formData?: unknown) {
      if (!isRoot(schema, rootSchema))
        return { errors: [] as Result[], validationError: new Error('only the root schema is precompiled') };
      return { errors: run(formData) as Result[] };
    },
  };
}

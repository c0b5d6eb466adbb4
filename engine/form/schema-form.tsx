import { useCallback, useMemo, useRef } from 'react';
import type { ReactNode } from 'react';
// Deep imports: the package index also exports getTestRegistry, which imports @rjsf/validator-ajv8 (not installed).
import Form from '@rjsf/core/lib/components/Form.js';
import type { IChangeEvent } from '@rjsf/core/lib/components/Form.js';
import type { RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import type { CompiledValidator } from '../validation/compiled-validator.ts';
import type { ErrorKeyFn } from './error-mapping.ts';
import { inFieldOrder, visibleErrors } from './error-visibility.ts';
import { FormTextContext, prefixedOptionKey } from './form-text.ts';
import type { FormText, OptionKeyFn, TranslateFn } from './form-text.ts';
import { precompiledValidator } from './precompiled-validator.ts';
import type { FormCheck } from './precompiled-validator.ts';
import { engineRegistry, mergeRegistry } from './registry.ts';
import type { RegistryLayer } from './registry.ts';

/** Props of `SchemaForm`. Pass stable functions (module level or memoised): a new one rebuilds the validator. */
export interface SchemaFormProps<T> extends RegistryLayer {
  readonly schema: RJSFSchema;
  readonly uiSchema?: UiSchema;
  /** The schema's build-time compiled validator (`schemas/compiled/<name>.js`). */
  readonly validate: CompiledValidator;
  /** The i18n key of each validation error. */
  readonly errorKey: ErrorKeyFn;
  /** Rules beyond the schema that need outside context (stable function; see `precompiledValidator`). */
  readonly check?: FormCheck;
  /** Translates i18n keys: titles, descriptions, option labels, widget labels, error messages. */
  readonly t: TranslateFn;
  /** The key of an option label; default `<prefix>.options.<field>.<value>`, prefix the schema `$id` up to its first dot. */
  readonly optionKey?: OptionKeyFn;
  /** The product's registry layer, between the engine's and the call site's (`widgets`, `fields`, `templates`). */
  readonly product?: RegistryLayer;
  readonly formData?: T;
  readonly onChange?: (formData: T | undefined) => void;
  /** Called with the VALID data, normalised as the compiled validator normalises it (trimmed, canonical numbers). */
  readonly onSubmit?: (formData: T) => void;
  /** Called with the errors of a refused submit (messages are i18n keys), in screen order. */
  readonly onError?: (errors: RJSFValidationError[]) => void;
  readonly disabled?: boolean;
  readonly readonly?: boolean;
  /** Replaces the submit button. */
  readonly children?: ReactNode;
}

function defaultPrefix(schema: RJSFSchema): string {
  return schema.$id?.split('.')[0] ?? 'form';
}

/**
 * A form from a JSON Schema on @rjsf/core with the engine's registry (engine < product < call site), our precompiled
 * validator (no runtime compiler: CSP without 'unsafe-eval'), every text through `t`, errors under their own field
 * only (no list), live validation of a field once the borrower has left it (and of everything after a submit
 * attempt), focus on the first field in error (in screen order) on submit, no HTML5 validation.
 */
export function SchemaForm<T = unknown>(props: SchemaFormProps<T>) {
  const { schema, uiSchema, validate, errorKey, check, t, optionKey, product, widgets, fields, templates, formData, onChange, onSubmit, onError, disabled, readonly, children } = props;
  const root = useRef<HTMLDivElement>(null);
  const touched = useRef(new Set<string>());
  const submitted = useRef(false);

  const validator = useMemo(() => precompiledValidator({ rootSchema: schema, validate, errorKey, check }), [schema, validate, errorKey, check]);
  const registry = useMemo(() => mergeRegistry(engineRegistry, product, { widgets, fields, templates }), [product, widgets, fields, templates]);
  const text = useMemo<FormText>(() => ({ t, optionKey: optionKey ?? prefixedOptionKey(defaultPrefix(schema)) }), [t, optionKey, schema]);

  const transformErrors = useCallback((errors: RJSFValidationError[]) => {
    const order = [...(root.current?.querySelectorAll('[data-field]') ?? [])].map((el) => el.getAttribute('data-field') ?? '');
    return inFieldOrder(visibleErrors(errors, touched.current, submitted.current), order);
  }, []);
  const handleBlur = useCallback((id: string) => {
    touched.current.add(id);
  }, []);
  const handleChange = useCallback((event: IChangeEvent<T>) => onChange?.(event.formData), [onChange]);
  const handleSubmit = useCallback((event: IChangeEvent<T>) => {
    // The compiled function normalises in place; Form validated a copy, so normalise the submitted data once more.
    const data = structuredClone(event.formData) as T;
    validate(data);
    // RJSF refuses a submit on errors from validateFormData, check's included, so it passed here too.
    onSubmit?.(data);
  }, [validate, onSubmit]);

  return (
    <FormTextContext.Provider value={text}>
      <div className="ui-form" ref={root} onSubmitCapture={() => { submitted.current = true; }}>
        <Form<T>
          schema={schema}
          uiSchema={uiSchema}
          formData={formData}
          validator={validator}
          widgets={registry.widgets}
          fields={registry.fields}
          templates={registry.templates}
          transformErrors={transformErrors}
          liveValidate="onBlur"
          showErrorList={false}
          focusOnFirstError
          noHtml5Validate
          disabled={disabled}
          readonly={readonly}
          onBlur={handleBlur}
          onChange={handleChange}
          onSubmit={handleSubmit}
          onError={onError ?? (() => undefined)}
        >
          {children}
        </Form>
      </div>
    </FormTextContext.Provider>
  );
}

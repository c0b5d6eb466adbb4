import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
// Deep imports: the package index also exports getTestRegistry, which imports @rjsf/validator-ajv8 (a dev dependency
// for the tests' stock RJSF, never in the browser's bundle).
import Form from '@rjsf/core/lib/components/Form.js';
import type { IChangeEvent } from '@rjsf/core/lib/components/Form.js';
import { englishStringTranslator, TranslatableString } from '@rjsf/utils';
import type { ErrorSchema, RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import type { CompiledValidator } from '../validation/compiled-validator.ts';
import type { ErrorKeyFn } from './error-mapping.ts';
import { ErrorRevealContext, inFieldOrder, showsErrorsOf } from './error-visibility.ts';
import type { ErrorReveal } from './error-visibility.ts';
import { FormTextContext, prefixedOptionKey } from './form-text.ts';
import type { FormText, OptionKeyFn, TranslateFn, TypingFilter } from './form-text.ts';
import { inlineLocalRefs } from './inline-refs.ts';
import { precompiledValidator } from './precompiled-validator.ts';
import type { FormCheck } from './precompiled-validator.ts';
import { engineRegistry, mergeRegistry } from './registry.ts';
import type { RegistryLayer } from './registry.ts';

/** Props of `SchemaForm`. Pass stable functions (module level or memoised): a new one rebuilds the validator. */
export interface SchemaFormProps<T> extends RegistryLayer {
  readonly schema: RJSFSchema;
  readonly uiSchema?: UiSchema;
  /** The schema's build-time compiled validator (`forms/compiled/<name>.js`). */
  readonly validate: CompiledValidator;
  /** The i18n key of each validation error. */
  readonly errorKey: ErrorKeyFn;
  /** Rules beyond the schema that need outside context (stable function; see `precompiledValidator`). */
  readonly check?: FormCheck;
  /** Translates i18n keys: titles, descriptions, option labels, widget labels, error messages. */
  readonly t: TranslateFn;
  /** The key of an option label; default `<prefix>.options.<field>.<value>`, prefix the schema `$id` up to its first dot. */
  readonly optionKey?: OptionKeyFn;
  /**
   * Filters the text fields apply as they are typed, by the name of a normaliser a field's schema lists (`normalize`):
   * what the validator would remove on submit (a character the field refuses) goes as it is typed. Only filters that
   * remove what may never stay belong here; a trim would take the space before the word being typed.
   */
  readonly typing?: Readonly<Record<string, TypingFilter>>;
  /** The product's registry layer, between the engine's and the call site's (`widgets`, `fields`, `templates`). */
  readonly product?: RegistryLayer;
  /**
   * The data shown. The form is controlled: pass back what `onChange` gave (or hold none and pass nothing). Data
   * that lags behind the changes while other props change (a new uiSchema) resets the form to it.
   */
  readonly formData?: T;
  readonly onChange?: (formData: T | undefined) => void;
  /** Called with the VALID data, normalised as the compiled validator normalises it (trimmed, canonical numbers). */
  readonly onSubmit?: (formData: T) => void;
  /** Called with the errors of a refused submit (messages are i18n keys), in screen order. */
  readonly onError?: (errors: RJSFValidationError[]) => void;
  /**
   * Errors from outside the form (the server refused a photo), by field: `{ facePhoto: { __errors: [i18n keys] } }`,
   * shown under their field like the schema's once the form was submitted. They do not block a submit; the caller
   * drops them when the field changes.
   */
  readonly extraErrors?: ErrorSchema<T>;
  readonly disabled?: boolean;
  readonly readonly?: boolean;
  /**
   * The prefix of the fields' ids (default `root`: `root_accountNumber`). A form whose fields another form in the page
   * also has (a step kept alive, hidden, while a screen edits the same section) needs its own, or its labels would
   * name the hidden inputs.
   */
  readonly idPrefix?: string;
  /** Replaces the submit button. */
  readonly children?: ReactNode;
}

function defaultPrefix(schema: RJSFSchema): string {
  return schema.$id?.split('.')[0] ?? 'form';
}

/**
 * A form from a JSON Schema on @rjsf/core with the engine's registry (engine < product < call site), our precompiled
 * validator (no runtime compiler: CSP without 'unsafe-eval'), every text through `t`, errors under their own field
 * only (no list), live validation on every change, its errors shown for a field once the borrower has left it (and
 * for all after a submit attempt), so a fixed value clears its error as it is typed; focus on the first field in
 * error (in screen order) on submit, no HTML5 validation.
 */
export function SchemaForm<T = unknown>(props: SchemaFormProps<T>) {
  const {
    schema,
    uiSchema,
    validate,
    errorKey,
    check,
    t,
    optionKey,
    typing,
    product,
    widgets,
    fields,
    templates,
    formData,
    onChange,
    onSubmit,
    onError,
    extraErrors,
    disabled,
    readonly,
    idPrefix,
    children,
  } = props;
  const root = useRef<HTMLDivElement>(null);
  // The fields left, and those whose errors show: the same once a reveal held back for a tap has run (a render that
  // comes in between, new data from the field just left, must not show its error early).
  const touched = useRef(new Set<string>());
  const visible = useRef(new Set<string>());
  const submitted = useRef(false);
  const [revealed, setRevealed] = useState(0);
  const revealLater = useDeferredReveal(() => {
    visible.current = new Set(touched.current);
    setRevealed((n) => n + 1);
  });

  // RJSF gets the schema with its local $refs resolved once; the compiled validator was built from the original.
  const shownSchema = useMemo(() => inlineLocalRefs(schema), [schema]);
  const validator = useMemo(
    () => precompiledValidator({ rootSchema: shownSchema, validate, errorKey, check }),
    [shownSchema, validate, errorKey, check],
  );
  const registry = useMemo(
    () => mergeRegistry(engineRegistry, product, { widgets, fields, templates }),
    [product, widgets, fields, templates],
  );
  // RJSF's own WrapIfAdditionalTemplate (an added property's name box) is the engine's: its label is `form.key`; a
  // boolean under a radio or a select offers `form.yes` and `form.no` (RJSF's Yes and No). RJSF's other texts are in
  // templates the engine replaces.
  const translateString = useCallback(
    (s: TranslatableString, params?: string[]) =>
      s === TranslatableString.KeyLabel
        ? t('form.key')
        : s === TranslatableString.YesLabel
          ? t('form.yes')
          : s === TranslatableString.NoLabel
            ? t('form.no')
            : englishStringTranslator(s, params),
    [t],
  );
  const text = useMemo<FormText>(
    () => ({ t, optionKey: optionKey ?? prefixedOptionKey(defaultPrefix(schema)), typing }),
    [t, optionKey, schema, typing],
  );
  // A new object each time a field is left or a submit is tried, so the error templates and inputs re-render.
  const reveal = useMemo<ErrorReveal>(
    () => ({ shows: (id) => showsErrorsOf(id, visible.current, submitted.current) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [revealed],
  );

  // Screen order matters only for the focus after a submit attempt (RJSF focuses the first error): live validation
  // on each keystroke skips reading the fields' order from the DOM. RJSF validates a submit in a state updater, after
  // the event's handlers, so ordering ends with a timeout.
  const ordering = useRef(false);
  const transformErrors = useCallback(
    (errors: RJSFValidationError[]) => {
      if (!ordering.current) return errors;
      const order = [...(root.current?.querySelectorAll('[data-field]') ?? [])].map(
        (el) => el.getAttribute('data-field') ?? '',
      );
      return inFieldOrder(errors, order, idPrefix);
    },
    [idPrefix],
  );
  const handleBlur = useCallback(
    (id: string) => {
      touched.current.add(id);
      revealLater();
    },
    [revealLater],
  );
  const handleChange = useCallback((event: IChangeEvent<T>) => onChange?.(event.formData), [onChange]);
  const handleSubmit = useCallback(
    (event: IChangeEvent<T>) => {
      // The compiled function normalises in place; Form validated a copy, so normalise the submitted data once more.
      const data = structuredClone(event.formData) as T;
      validate(data);
      // RJSF refuses a submit on errors from validateFormData, check's included, so it passed here too.
      onSubmit?.(data);
    },
    [validate, onSubmit],
  );

  return (
    <FormTextContext.Provider value={text}>
      <ErrorRevealContext.Provider value={reveal}>
        <div
          className="ui-form"
          ref={root}
          onSubmitCapture={() => {
            submitted.current = true;
            ordering.current = true;
            setRevealed((n) => n + 1);
          }}
          onSubmit={() =>
            window.setTimeout(() => {
              ordering.current = false;
            }, 0)
          }
        >
          <Form<T>
            schema={shownSchema}
            uiSchema={uiSchema}
            formData={formData}
            validator={validator}
            widgets={registry.widgets}
            fields={registry.fields}
            templates={registry.templates}
            translateString={translateString}
            transformErrors={transformErrors}
            liveValidate="onChange"
            showErrorList={false}
            focusOnFirstError
            noHtml5Validate
            idPrefix={idPrefix}
            extraErrors={extraErrors}
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
      </ErrorRevealContext.Provider>
    </FormTextContext.Provider>
  );
}

/**
 * Runs `reveal` once the pointer interaction in progress ends. Leaving a field by tapping the next one blurs it on
 * pointerdown; showing its error then would push the next field down under the finger before the tap's click
 * lands, so the tap would hit something else. With no pointer down (Tab, Enter) it runs at once.
 */
function useDeferredReveal(reveal: () => void): () => void {
  const latest = useRef(reveal);
  const state = useRef({ down: false, pending: false, timer: 0 });
  useEffect(() => {
    latest.current = reveal;
  });
  useEffect(() => {
    const s = state.current;
    const flush = () => {
      window.clearTimeout(s.timer);
      s.down = false;
      if (s.pending) {
        s.pending = false;
        latest.current();
      }
    };
    // After the click's own handlers (a change made by the tap renders first), or a cancelled touch (a scroll).
    const end = () => {
      window.clearTimeout(s.timer);
      s.timer = window.setTimeout(flush, 0);
    };
    const down = () => {
      s.down = true;
      window.clearTimeout(s.timer);
      // A press that never clicks (dragged off and released on nothing) must not hold errors back for long.
      s.timer = window.setTimeout(flush, 1000);
    };
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('click', end, true);
    document.addEventListener('pointercancel', end, true);
    return () => {
      window.clearTimeout(s.timer);
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('click', end, true);
      document.removeEventListener('pointercancel', end, true);
    };
  }, []);
  return useCallback(() => {
    if (state.current.down) state.current.pending = true;
    else latest.current();
  }, []);
}

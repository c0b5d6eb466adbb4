/**
 * A staff form (forms/staff/<name>.schema.json with its uiSchema) rendered by the engine's SchemaForm and checked by
 * its build-time compiled validator (forms/staff/compiled/<name>.js): no runtime compiler, so the console runs
 * under the same CSP without 'unsafe-eval'. Texts are keys of the `staff` namespace; lists the server configures
 * (reject reasons, verification methods, coupon definitions) are set into the shown schema as enums.
 */
import { use, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ErrorKeyFn } from '#engine/form/error-mapping.ts';
import { SchemaForm } from '#engine/form/schema-form.tsx';
import type { FormCheck } from '#engine/form/precompiled-validator.ts';
import type { CompiledValidator } from '#engine/validation/compiled-validator.ts';

export type StaffFormName =
  | 'reviewDecision'
  | 'customerNote'
  | 'feedbackReply'
  | 'deletionRequest'
  | 'couponGrant'
  | 'staffAccount'
  | 'collectionContact'
  | 'collectionPromise'
  | 'collectionTemplate'
  | 'disputeResolution';

const schemas = import.meta.glob<RJSFSchema>('../../forms/staff/*.schema.json', { import: 'default' });
const uiSchemas = import.meta.glob<UiSchema>('../../forms/staff/*.ui.json', { import: 'default' });
const validators = import.meta.glob<CompiledValidator>('../../forms/staff/compiled/*.js', { import: 'default' });

interface LoadedForm {
  readonly schema: RJSFSchema;
  readonly uiSchema: UiSchema;
  readonly validate: CompiledValidator;
}

const cache = new Map<string, Promise<LoadedForm>>();

function loadForm(name: StaffFormName): Promise<LoadedForm> {
  let promise = cache.get(name);
  if (!promise) {
    const schema = schemas[`../../forms/staff/${name}.schema.json`];
    const validate = validators[`../../forms/staff/compiled/${name}.js`];
    const ui = uiSchemas[`../../forms/staff/${name}.ui.json`];
    if (!schema || !validate) throw new Error(`no staff form ${name}: run npm run compile:validators`);
    promise = Promise.all([schema(), validate(), ui ? ui() : Promise.resolve({})]).then(([s, v, u]) => ({
      schema: s,
      validate: v,
      uiSchema: u,
    }));
    promise.catch(() => cache.delete(name));
    cache.set(name, promise);
  }
  return promise;
}

/** Sets `enum` on the property `field` wherever the schema declares it (top level or in a condition's branch). */
export function withEnum(schema: RJSFSchema, field: string, values: readonly string[]): RJSFSchema {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && value && typeof value === 'object' && field in value) {
        const props = { ...(value as Record<string, Record<string, unknown>>) };
        props[field] = { ...props[field], enum: [...values] };
        out[key] = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, k === field ? v : visit(v)]));
      } else out[key] = visit(value);
    }
    return out;
  };
  return visit(schema) as RJSFSchema;
}

/** Staff forms' error texts: `formErrors.<keyword>` in the staff namespace. */
const errorKey: ErrorKeyFn = (error) => `formErrors.${error.keyword}`;

export interface StaffFormProps<T> {
  readonly name: StaffFormName;
  /** Enumerations to set, by field. */
  readonly enums?: Readonly<Record<string, readonly string[]>>;
  readonly formData?: T;
  readonly onChange?: (data: T | undefined) => void;
  readonly onSubmit: (data: T) => void;
  readonly check?: FormCheck;
  readonly disabled?: boolean;
  readonly submitText: string;
  readonly children?: ReactNode;
}

export function StaffForm<T = Record<string, unknown>>({
  name,
  enums,
  formData,
  onChange,
  onSubmit,
  check,
  disabled,
  submitText,
  children,
}: StaffFormProps<T>) {
  const form = use(loadForm(name));
  const { t } = useTranslation('staff');
  const schema = useMemo(
    () => Object.entries(enums ?? {}).reduce((s, [field, values]) => withEnum(s, field, values), form.schema),
    [form.schema, enums],
  );
  const uiSchema = useMemo<UiSchema>(
    () => ({ ...form.uiSchema, 'ui:submitButtonOptions': { submitText } }),
    [form.uiSchema, submitText],
  );
  const translate = useMemo(() => (key: string) => t(key), [t]);
  return (
    <div className="st-form" data-form={name}>
      <SchemaForm<T>
        schema={schema}
        uiSchema={uiSchema}
        validate={form.validate}
        errorKey={errorKey}
        check={check}
        t={translate}
        formData={formData}
        onChange={onChange}
        onSubmit={onSubmit}
        disabled={disabled}
      />
      {children}
    </div>
  );
}

/** "ours": the engine's SchemaForm with the step's compiled validator and English text, as a screen renders a step. */
import { schema, uiSchema, validate } from 'virtual:bench-step';
import type { CompiledValidator } from '#engine/validation/compiled-validator.ts';
import { SchemaForm } from '#engine/form/schema-form.tsx';
import type { BenchFormProps } from './harness.tsx';
import { timedValidation } from './probe.ts';
import { errorKey, t } from './text.ts';

// The compiled function with its calls timed; `errors` is copied over after each call, as SchemaForm reads it there.
const run = timedValidation((data: unknown) => validate(data));
const timedValidate: CompiledValidator = Object.assign(
  (data: unknown) => {
    const valid = run(data);
    timedValidate.errors = validate.errors;
    return valid;
  },
  { errors: null },
);

/** Nothing to note: ours is the real step as the app renders it. */
export const notes: string[] = [];

export function BenchForm({ formData, onChange }: BenchFormProps) {
  return (
    <SchemaForm
      schema={schema}
      uiSchema={uiSchema}
      validate={timedValidate}
      errorKey={errorKey}
      t={t}
      formData={formData}
      onChange={onChange}
    />
  );
}

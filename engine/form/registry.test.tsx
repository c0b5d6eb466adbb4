// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import type { CompiledValidator } from '../validation/compiled-validator.ts';
import { engineWidgets, widgetLoaders } from '../widgets/registry.ts';
import { TextareaWidget } from './templates/textarea-widget.tsx';
import { engineRegistry, mergeRegistry } from './registry.ts';
import { SchemaForm } from './schema-form.tsx';
import { StepProgress } from './step-progress.tsx';

const Product = () => null;
const CallSite = () => null;

describe('mergeRegistry', () => {
  it('merges in the fixed order engine defaults < product < call site, name by name', () => {
    const merged = mergeRegistry(
      engineRegistry,
      { widgets: { otp: Product, chips: Product }, templates: { ButtonTemplates: { AddButton: Product } } },
      { widgets: { chips: CallSite } },
    );
    expect(merged.widgets['otp']).toBe(Product);
    expect(merged.widgets['chips']).toBe(CallSite);
    expect(merged.widgets['signature']).toBe(engineWidgets.signature);
    expect(merged.templates.ButtonTemplates?.AddButton).toBe(Product);
    expect(merged.templates.ButtonTemplates?.SubmitButton).toBe(
      engineRegistry.templates?.ButtonTemplates?.SubmitButton,
    );
    expect(merged.fields['widget']).toBe(engineRegistry.fields?.['widget']);
  });
});

describe('engineRegistry', () => {
  // The browser build leaves these RJSF defaults out (scripts/vite/rjsf-trim.ts, REPLACED_TEMPLATE): a form whose
  // registry lacked the engine's own would render the stand-in, which throws.
  it('has its own of every RJSF default template the browser build replaces with a stand-in', () => {
    const replaced = [
      'BaseInputTemplate',
      'ArrayFieldTemplate',
      'ArrayFieldItemTemplate',
      'ObjectFieldTemplate',
      'ErrorListTemplate',
      'FieldErrorTemplate',
    ] as const;
    for (const name of replaced) expect(engineRegistry.templates?.[name], name).toBeTypeOf('function');
  });

  it('has its own textarea widget, which the browser build leaves out of RJSF (rjsf-trim.ts, UNUSED_WIDGET)', async () => {
    expect(engineRegistry.widgets?.['TextareaWidget']).toBe(engineWidgets.textarea);
    expect(await widgetLoaders.textarea()).toBe(TextareaWidget);
  });
});

// A hand-written stand-in for a compiled validator: `pair` needs both parts.
const validatePair: CompiledValidator = Object.assign(
  (data: unknown) => {
    const pair = (data as { pair?: { a?: string; b?: string } } | undefined)?.pair;
    validatePair.errors =
      pair?.a && pair.b ? null : [{ instancePath: '/pair', schemaPath: '#', keyword: 'pairRule', params: {} }];
    return validatePair.errors === null;
  },
  { errors: null },
);
const pairSchema: RJSFSchema = {
  type: 'object',
  properties: {
    pair: { title: 'demo.pair', type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } },
  },
};

function PairWidget({ id, value, onChange, onBlur, label }: WidgetProps) {
  const pair = (value ?? {}) as { a?: string; b?: string };
  return (
    <input
      id={id}
      aria-label={label}
      value={`${pair.a ?? ''}/${pair.b ?? ''}`}
      onBlur={() => onBlur(id, value)}
      onChange={(e) => {
        const [a = '', b = ''] = e.target.value.split('/');
        onChange({ a, b });
      }}
    />
  );
}

describe('the widget adapter field and the layering in SchemaForm', () => {
  it('mounts an object-valued registry widget with "ui:field": "widget", the call-site layer winning', async () => {
    const onSubmit = vi.fn();
    render(
      <SchemaForm
        schema={pairSchema}
        uiSchema={{ pair: { 'ui:field': 'widget', 'ui:widget': 'pair' } }}
        validate={validatePair}
        errorKey={(e) => `errors.${e.keyword}`}
        t={(k) => `[${k}]`}
        product={{ widgets: { pair: () => <p>product</p> } }}
        widgets={{ pair: PairWidget }}
        onSubmit={onSubmit}
      />,
    );
    const input = screen.getByLabelText('[demo.pair]');
    fireEvent.change(input, { target: { value: 'x/' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await waitFor(() => expect(document.getElementById('root_pair__error')?.textContent).toBe('[errors.pairRule]'));
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: 'x/y' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ pair: { a: 'x', b: 'y' } }));
  });
});

describe('StepProgress', () => {
  it('shows step i of n with a bar of that share', () => {
    render(<StepProgress step={2} total={5} label="Step 2 of 5" />);
    const bar = screen.getByRole('progressbar', { name: 'Step 2 of 5' });
    expect(bar.getAttribute('aria-valuenow')).toBe('2');
    // Two of five parts filled.
    expect([...bar.children].map((part) => part.className)).toEqual([
      'ui-form-progress-bar',
      'ui-form-progress-bar',
      '',
      '',
      '',
    ]);
  });
});

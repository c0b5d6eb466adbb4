// @vitest-environment jsdom
/**
 * Forms as RJSF renders them: the standard formats' phone inputs without any `ui:widget`, RJSF's widgets
 * the browser build stubs out (range, alternative dates, file, time) as the engine's own, a widget that throws
 * failing alone in its field, list items moved and copied, additional properties added, renamed and removed,
 * `ui:definitions` through the engine's inlined `$ref`s, and custom button templates.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type {
  ArrayFieldItemButtonsTemplateProps,
  IconButtonProps,
  RJSFSchema,
  UiSchema,
  WidgetProps,
} from '@rjsf/utils';
import getDefaultRegistry from '@rjsf/core/lib/getDefaultRegistry.js';
import type { CompiledValidator } from '../validation/compiled-validator.ts';
import UnsupportedWidget from './stand-ins/unsupported-widget.tsx';
import { engineRegistry } from './registry.ts';
import type { RegistryLayer } from './registry.ts';
import { SchemaForm } from './schema-form.tsx';

/** Every value passes: these tests are about rendering and data, not validation. */
const pass: CompiledValidator = Object.assign(() => true, { errors: null });

function renderForm(schema: RJSFSchema, uiSchema: UiSchema = {}, layer: RegistryLayer = {}, formData?: unknown) {
  const onSubmit = vi.fn();
  const onChange = vi.fn();
  render(
    <SchemaForm
      schema={schema}
      uiSchema={uiSchema}
      validate={pass}
      errorKey={(e) => `errors.${e.keyword}`}
      t={(k) => `[${k}]`}
      formData={formData}
      onSubmit={onSubmit}
      onChange={onChange}
      {...layer}
    />,
  );
  const submit = async (expected: unknown) => {
    fireEvent.submit(document.querySelector('form')!);
    await waitFor(() => expect(onSubmit).toHaveBeenLastCalledWith(expected));
  };
  return { onSubmit, onChange, submit };
}

const input = (id: string) => document.getElementById(id) as HTMLInputElement;

describe('the standard formats get a phone input without any ui:widget', () => {
  const schema: RJSFSchema = {
    type: 'object',
    properties: {
      email: { type: 'string', format: 'email' },
      site: { type: 'string', format: 'uri' },
      day: { type: 'string', format: 'date' },
      at: { type: 'string', format: 'date-time' },
      name: { type: 'string' },
    },
  };

  it('e-mail and web address: their keyboard, autofill, no capitals or correction; others autofill nothing', () => {
    renderForm(schema);
    const email = input('root_email');
    expect(email.getAttribute('inputmode')).toBe('email');
    expect(email.getAttribute('autocomplete')).toBe('email');
    expect(email.getAttribute('autocapitalize')).toBe('none');
    expect(email.getAttribute('spellcheck')).toBe('false');
    const site = input('root_site');
    expect(site.type).toBe('url');
    expect(site.getAttribute('inputmode')).toBe('url');
    expect(site.getAttribute('autocomplete')).toBe('url');
    expect(site.getAttribute('autocapitalize')).toBe('none');
    expect(input('root_name').getAttribute('autocomplete')).toBe('off');
    expect(input('root_name').hasAttribute('autocapitalize')).toBe(false);
  });

  it("date and date-time: the phone's own pickers, on the engine's input", () => {
    renderForm(schema);
    expect(input('root_day').type).toBe('date');
    expect(input('root_day').className).toBe('ui-form-input');
    expect(input('root_at').type).toBe('datetime-local');
  });

  it('time: a value JSON Schema accepts (seconds and the phone time zone), shown as the picker shows it', async () => {
    const { onChange } = renderForm({ type: 'object', properties: { at: { type: 'string', format: 'time' } } });
    const time = await waitFor(() => {
      const el = input('root_at');
      expect(el?.type).toBe('time');
      return el;
    });
    fireEvent.change(time, { target: { value: '14:30' } });
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith({ at: expect.stringMatching(/^14:30:00[+-]\d\d:\d\d$/u) }),
    );
  });
});

describe('RJSF widgets the browser build stubs out are the engine own, lazily fetched', () => {
  it('registers its own file, range, alternative date and time widgets under the names RJSF picks them by', () => {
    const rjsf = getDefaultRegistry().widgets;
    for (const name of ['FileWidget', 'file', 'range', 'alt-date', 'alt-datetime', 'time']) {
      expect(engineRegistry.widgets?.[name], name).toBeTypeOf('function');
      expect(Object.values(rjsf), name).not.toContain(engineRegistry.widgets?.[name]);
    }
  });

  it('range: a slider between the schema limits whose value is a number', async () => {
    const { submit } = renderForm(
      { type: 'object', properties: { amount: { type: 'integer', minimum: 10, maximum: 50, multipleOf: 5 } } },
      { amount: { 'ui:widget': 'range' } },
    );
    const slider = await screen.findByRole('slider');
    expect([slider.getAttribute('min'), slider.getAttribute('max'), slider.getAttribute('step')]).toEqual([
      '10',
      '50',
      '5',
    ]);
    fireEvent.change(slider, { target: { value: '35' } });
    await submit({ amount: 35 });
    expect(document.querySelector('output')?.textContent).toBe('35');
  });

  it('alt-date: year, month and day lists with translated names, the date set once all are chosen', async () => {
    const { submit } = renderForm(
      { type: 'object', properties: { day: { type: 'string', format: 'date' } } },
      { day: { 'ui:widget': 'alt-date', 'ui:options': { yearsRange: [2020, 2030] } } },
    );
    const year = await screen.findByRole('combobox', { name: '[form.date.year]' });
    const user = userEvent.setup();
    await user.selectOptions(year, '2026');
    await user.selectOptions(screen.getByRole('combobox', { name: '[form.date.month]' }), '05');
    await user.selectOptions(screen.getByRole('combobox', { name: '[form.date.day]' }), '09');
    expect(screen.getByRole('button', { name: '[form.date.now]' })).toBeTruthy();
    await submit({ day: '2026-05-09' });
  });

  it('alt-datetime: hour, minute and second too', async () => {
    renderForm(
      { type: 'object', properties: { at: { type: 'string', format: 'date-time' } } },
      { at: { 'ui:widget': 'alt-datetime' } },
    );
    expect(await screen.findByRole('combobox', { name: '[form.date.second]' })).toBeTruthy();
  });

  it('file (format data-url): the chooser, the file by name as a data URL, a size limit that keeps the value', async () => {
    const { submit, onSubmit } = renderForm(
      { type: 'object', properties: { payslip: { type: 'string', format: 'data-url' } } },
      { payslip: { 'ui:options': { maxBytes: 10 } } },
    );
    const chooser = await waitFor(() => {
      const el = input('root_payslip');
      expect(el?.type).toBe('file');
      return el;
    });
    expect(chooser.accept).toBe('image/*,application/pdf');
    const user = userEvent.setup();
    await user.upload(chooser, new File(['hello'], 'pay slip.pdf', { type: 'application/pdf' }));
    await screen.findByText('pay slip.pdf');
    await submit({ payslip: 'data:application/pdf;name=pay%20slip.pdf;base64,aGVsbG8=' });
    await user.upload(chooser, new File(['far too large'], 'big.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe('[form.file.tooLarge?limit=0]');
    onSubmit.mockClear();
    await submit({ payslip: 'data:application/pdf;name=pay%20slip.pdf;base64,aGVsbG8=' });
    await user.click(screen.getByRole('button', { name: '[form.file.remove]' }));
    onSubmit.mockClear();
    await submit({});
  });
});

describe('a widget that cannot render fails alone, in its field', () => {
  const schema: RJSFSchema = {
    type: 'object',
    properties: { colour: { type: 'string', title: 'demo.colour' }, name: { type: 'string', title: 'demo.name' } },
  };

  it('shows a translated message in the field, keeps its label and the rest of the form working', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { submit } = renderForm(
      schema,
      { colour: { 'ui:widget': 'ColorWidget' } },
      // What the browser build puts in place of RJSF's colour widget (scripts/vite/rjsf-trim.ts).
      { widgets: { ColorWidget: UnsupportedWidget as (p: WidgetProps) => never } },
    );
    const field = document.querySelector('[data-field="root_colour"]') as HTMLElement;
    expect(within(field).getByRole('alert').textContent).toBe('[form.fieldFailed]');
    expect(within(field).getByText('[demo.colour]')).toBeTruthy();
    await userEvent.setup().type(screen.getByLabelText('[demo.name]'), 'Ana');
    await submit({ name: 'Ana' });
    error.mockRestore();
  });
});

describe('lists as RJSF orders and copies them', () => {
  const schema: RJSFSchema = {
    type: 'object',
    properties: { names: { type: 'array', items: { type: 'string' } } },
  };

  it('moves an item down and up (orderable by default) with translated buttons', async () => {
    const { submit } = renderForm(schema, {}, {}, { names: ['a', 'b', 'c'] });
    const user = userEvent.setup();
    await user.click(document.getElementById('root_names_0__moveDown') as HTMLElement);
    await submit({ names: ['b', 'a', 'c'] });
    await user.click(document.getElementById('root_names_2__moveUp') as HTMLElement);
    await submit({ names: ['b', 'c', 'a'] });
    expect(screen.getAllByRole('button', { name: '[form.moveUp]' })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: '[form.copy]' })).toBeNull();
  });

  it('copies an item with `copyable`, and shows no move buttons with `orderable: false`', async () => {
    const { submit } = renderForm(
      schema,
      { names: { 'ui:options': { copyable: true, orderable: false } } },
      {},
      { names: ['a', 'b'] },
    );
    expect(screen.queryByRole('button', { name: '[form.moveUp]' })).toBeNull();
    await userEvent.setup().click(screen.getAllByRole('button', { name: '[form.copy]' })[0]!);
    await submit({ names: ['a', 'a', 'b'] });
  });

  it('honours an item-buttons template and button templates given through the registry', async () => {
    function Buttons({ onRemoveItem, index }: ArrayFieldItemButtonsTemplateProps) {
      return (
        <button type="button" onClick={onRemoveItem}>
          drop {index}
        </button>
      );
    }
    const Add = ({ onClick }: IconButtonProps) => (
      <button type="button" onClick={onClick}>
        more
      </button>
    );
    const { submit } = renderForm(
      schema,
      {},
      { templates: { ArrayFieldItemButtonsTemplate: Buttons, ButtonTemplates: { AddButton: Add } } },
      { names: ['a', 'b'] },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'drop 0' }));
    await submit({ names: ['b'] });
    await user.click(screen.getByRole('button', { name: 'more' }));
    expect(screen.getByRole('button', { name: 'drop 1' })).toBeTruthy();
  });
});

describe('additional properties as RJSF adds, renames and removes them', () => {
  it('adds a property, renames it when its name box is left and removes it', async () => {
    const { submit } = renderForm(
      { type: 'object', properties: { extras: { type: 'object', additionalProperties: { type: 'string' } } } },
      {},
      {},
      { extras: { first: 'x' } },
    );
    const user = userEvent.setup();
    const key = screen.getByDisplayValue('first');
    expect(document.querySelector(`label[for="${key.id}"]`)?.textContent).toBe('[form.key]');
    await user.clear(key);
    await user.type(key, 'colour');
    await user.tab();
    await submit({ extras: { colour: 'x' } });
    await user.click(screen.getByRole('button', { name: '[form.add]' }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: '[form.remove]' })).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: '[form.remove]' })[0]!);
    await waitFor(() => expect(screen.getAllByRole('button', { name: '[form.remove]' })).toHaveLength(1));
    await submit({ extras: { newKey: 'New Value' } });
  });
});

describe('ui:definitions', () => {
  it('reach the fields of a local $ref, which the engine inlines', async () => {
    renderForm(
      {
        type: 'object',
        definitions: { note: { type: 'string' } },
        properties: { first: { $ref: '#/definitions/note' }, second: { $ref: '#/definitions/note' } },
      },
      { 'ui:definitions': { '#/definitions/note': { 'ui:widget': 'textarea' } }, second: { 'ui:widget': 'text' } },
    );
    await waitFor(() => expect(input('root_first')?.tagName).toBe('TEXTAREA'));
    expect(input('root_second').tagName).toBe('INPUT');
  });

  it("translate the texts they give, as the field's own", async () => {
    renderForm(
      {
        type: 'object',
        definitions: { note: { type: 'string' } },
        properties: { first: { $ref: '#/definitions/note' }, second: { $ref: '#/definitions/note' } },
      },
      {
        'ui:definitions': {
          '#/definitions/note': { 'ui:title': 'f.note', 'ui:placeholder': 'f.hint', 'ui:help': 'f.help' },
        },
        second: { 'ui:title': 'f.own' },
      },
    );
    await waitFor(() => expect(input('root_first')).toBeTruthy());
    expect(input('root_first').placeholder).toBe('[f.hint]');
    expect(input('root_second').placeholder).toBe('[f.hint]');
    expect(screen.getAllByText('[f.note]')).toHaveLength(1);
    expect(screen.getAllByText('[f.help]')).toHaveLength(2);
    // The field's own uiSchema wins over the definition's, as in RJSF.
    expect(screen.getByText('[f.own]')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/(?<!\[)f\.(note|hint|help)/u);
  });
});

describe('a boolean as choices', () => {
  it("offers yes and no in the borrower's language under a radio or a select, as RJSF offers Yes and No", async () => {
    renderForm(
      { type: 'object', properties: { agree: { type: 'boolean' }, pick: { type: 'boolean' } } },
      { agree: { 'ui:widget': 'radio' }, pick: { 'ui:widget': 'select' } },
    );
    await waitFor(() => expect(within(document.getElementById('root_agree')!).getByText('[form.yes]')).toBeTruthy());
    expect(within(document.getElementById('root_agree')!).getByText('[form.no]')).toBeTruthy();
    const options = [...document.querySelectorAll('#root_pick option')].map((o) => o.textContent);
    expect(options).toContain('[form.yes]');
    expect(options).toContain('[form.no]');
  });
});

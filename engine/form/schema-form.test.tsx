// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import contactSchema from '#forms/contact.schema.json' with { type: 'json' };
import validateContact from '#forms/compiled/contact.js';
import type { ValidationError } from '../validation/compiled-validator.ts';
import workSchema from '#forms/workInfo.schema.json' with { type: 'json' };
import validateWork from '#forms/compiled/workInfo.js';
import { schemaAt, toRjsfErrors } from './error-mapping.ts';
import { SchemaForm } from './schema-form.tsx';

const schema = contactSchema as RJSFSchema;
const t = (key: string) => `[${key}]`;
const errorKey = (error: ValidationError) =>
  error.keyword === 'format'
    ? `errors.format.${String((error.params as { format: string }).format)}`
    : `errors.${error.keyword}`;
const uiSchema: UiSchema = {
  'ui:order': ['email', 'whatsApp', 'viber', 'facebookUsername', 'emergencyContacts'],
  emergencyContacts: { 'ui:options': { orderable: false, removable: false, addable: false } },
};

function renderContact(onSubmit = vi.fn(), formData?: unknown) {
  render(
    <SchemaForm
      schema={schema}
      uiSchema={uiSchema}
      validate={validateContact}
      errorKey={errorKey}
      t={t}
      formData={formData}
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
}

const submit = () =>
  fireEvent.submit(screen.getByRole('button', { name: '[form.submit]' }).closest('form') as HTMLFormElement);

/** The error text shown under the field whose input has this id. */
function errorUnder(id: string): string | null {
  return document.getElementById(`${id}__error`)?.textContent ?? null;
}

const contacts = [
  { name: 'Maria Santos', phone: '09181112222', relation: 'parents' },
  { name: 'Jose Reyes', phone: '09181112223', relation: 'siblings' },
  { name: 'Ana Cruz', phone: '09181112224', relation: 'friends' },
];

describe('SchemaForm on the contact schema and its compiled validator', () => {
  it('labels fields with translated title keys and options with the option key scheme', () => {
    renderContact();
    expect(screen.getByLabelText(/\[contact\.email\]/u).id).toBe('root_email');
    expect(screen.getByLabelText(/\[contact\.whatsApp\]/u).id).toBe('root_whatsApp');
    expect(screen.getAllByLabelText(/\[contact\.contactPhone\]/u)).toHaveLength(3);
    expect(screen.getAllByRole('option', { name: '[contact.options.relation.spouse]' })).toHaveLength(3);
    expect(document.body.textContent).not.toMatch(/is a required|must match/u);
  });

  it('refuses an empty submit with one error under each required field and focuses the first', async () => {
    const onSubmit = renderContact();
    submit();
    await waitFor(() => expect(errorUnder('root_email')).toBe('[errors.required]'));
    expect(errorUnder('root_whatsApp')).toBe('[errors.required]');
    expect(errorUnder('root_viber')).toBeNull();
    for (const i of [0, 1, 2]) {
      for (const field of ['name', 'phone', 'relation'])
        expect(errorUnder(`root_emergencyContacts_${i}_${field}`)).toBe('[errors.required]');
    }
    expect(document.querySelectorAll('[role="alert"]')).toHaveLength(11);
    expect(document.activeElement?.id).toBe('root_email');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('focuses the first field in error in screen order, not in the validator order', async () => {
    const data = {
      email: 'not-an-email',
      whatsApp: '09171234567',
      emergencyContacts: [{ ...contacts[0], name: '' }, contacts[1], contacts[2]],
    };
    render(
      <SchemaForm
        schema={schema}
        uiSchema={{ 'ui:order': ['emergencyContacts', '*'] }}
        validate={validateContact}
        errorKey={errorKey}
        t={t}
        formData={data}
      />,
    );
    submit();
    await waitFor(() => expect(errorUnder('root_email')).toBe('[errors.format.email]'));
    expect(document.activeElement?.id).toBe('root_emergencyContacts_0_name');
  });

  it('shows the format error key of a wrong WhatsApp under it once the field is left, and only there', async () => {
    renderContact();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/\[contact\.whatsApp\]/u), '9171234567');
    expect(errorUnder('root_whatsApp')).toBeNull();
    await user.tab();
    await waitFor(() => expect(errorUnder('root_whatsApp')).toBe('[errors.format.ph-whatsapp]'));
    expect(errorUnder('root_email')).toBeNull();
    expect(screen.getByLabelText(/\[contact\.whatsApp\]/u).getAttribute('aria-invalid')).toBe('true');
  });

  it("clears a field's error while the borrower corrects it, without waiting for them to leave it", async () => {
    renderContact();
    const user = userEvent.setup();
    const whatsApp = screen.getByLabelText(/\[contact\.whatsApp\]/u);
    await user.type(whatsApp, '9171234567');
    await user.tab();
    await waitFor(() => expect(errorUnder('root_whatsApp')).toBe('[errors.format.ph-whatsapp]'));
    await user.clear(whatsApp);
    await user.type(whatsApp, '09171234567');
    await waitFor(() => expect(errorUnder('root_whatsApp')).toBeNull());
    expect(document.activeElement).toBe(whatsApp);
  });

  it('holds back the error of a field left by a tap until that tap has landed, so nothing moves under the finger', async () => {
    renderContact();
    const user = userEvent.setup();
    const whatsApp = screen.getByLabelText(/\[contact\.whatsApp\]/u);
    const email = screen.getByLabelText(/\[contact\.email\]/u);
    await user.type(whatsApp, '9171234567');
    fireEvent.pointerDown(email);
    fireEvent.blur(whatsApp);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(errorUnder('root_whatsApp')).toBeNull();
    fireEvent.click(email);
    await waitFor(() => expect(errorUnder('root_whatsApp')).toBe('[errors.format.ph-whatsapp]'));
  });

  it('shows the uniqueBy key on the repeated contact number, after normalising both', async () => {
    const repeated = [contacts[0], { ...contacts[1], phone: '+63 918 111 2222' }, contacts[2]];
    renderContact(vi.fn(), { email: 'a@b.ph', whatsApp: '09171234567', emergencyContacts: repeated });
    submit();
    await waitFor(() => expect(errorUnder('root_emergencyContacts_1_phone')).toBe('[errors.uniqueBy]'));
    expect(errorUnder('root_emergencyContacts_0_phone')).toBeNull();
    expect(document.querySelectorAll('[role="alert"]')).toHaveLength(1);
  });

  it('submits valid data normalised by the compiled validator, leaving the inputs as typed', async () => {
    const onSubmit = renderContact(vi.fn(), {
      email: ' Juan.Cruz@Example.ph ',
      whatsApp: '0917 123 4567',
      emergencyContacts: [{ ...contacts[0], phone: '0918-111-2222' }, contacts[1], contacts[2]],
    });
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const data = onSubmit.mock.calls[0]?.[0] as {
      email: string;
      whatsApp: string;
      emergencyContacts: { phone: string }[];
    };
    expect(data.email).toBe('Juan.Cruz@Example.ph');
    expect(data.whatsApp).toBe('09171234567');
    expect(data.emergencyContacts.map((c) => c.phone)).toEqual(['9181112222', '9181112223', '9181112224']);
    expect((screen.getByLabelText(/\[contact\.whatsApp\]/u) as HTMLInputElement).value).toBe('0917 123 4567');
    expect(document.querySelectorAll('[role="alert"]')).toHaveLength(0);
  });
});

describe('SchemaForm error messages of fields declared in a conditional branch', () => {
  // The key names the field's own title when the schema of the field is known, like the product's error keys do.
  const titledKey = (error: ValidationError, at: RJSFSchema | undefined) => `${at?.title ?? 'errors'}.${error.keyword}`;
  const work = { employmentType: 'contractWorker' };

  it('keeps the field-specific message of a company phone (a then-branch field) after a submit, as after leaving it', async () => {
    render(
      <SchemaForm
        schema={workSchema as RJSFSchema}
        validate={validateWork}
        errorKey={titledKey}
        t={t}
        formData={work}
      />,
    );
    const user = userEvent.setup();
    const phone = screen.getByLabelText(/\[workInfo\.companyPhone\]/u);
    await user.type(phone, '12345');
    await user.tab();
    await waitFor(() => expect(errorUnder('root_companyPhone')).toBe('[workInfo.companyPhone.format]'));
    submit();
    await waitFor(() => expect(errorUnder('root_companyName')).toBe('[workInfo.companyName.required]'));
    expect(errorUnder('root_companyPhone')).toBe('[workInfo.companyPhone.format]');
  });

  it('finds the schema of a field in then, else and nested branches for every keyword', () => {
    const root = workSchema as RJSFSchema;
    expect(schemaAt(root, ['companyPhone'])?.format).toBe('ph-mobile');
    expect(schemaAt(root, ['graduationDate'])?.title).toBe('workInfo.graduationDate');
    expect(schemaAt(root, ['employmentType'])?.title).toBe('workInfo.employmentType');
    expect(schemaAt(root, ['nothing'])).toBeUndefined();
    const errors = toRjsfErrors(
      [
        {
          instancePath: '',
          keyword: 'required',
          params: { missingProperty: 'schoolName' },
          schemaPath: '#/else/then/required',
        },
      ],
      root,
      titledKey,
    );
    expect(errors[0]?.message).toBe('workInfo.schoolName.required');
  });
});

describe('SchemaForm errors from outside the form', () => {
  it('shows extra errors (a refused photo) under their field after a submit, translated', async () => {
    const extra = { whatsApp: { __errors: ['photoRefused.ID_PHOTO_UNCLEAR', 'photoRefused.reason.too-dark'] } };
    render(
      <SchemaForm
        schema={schema}
        uiSchema={uiSchema}
        validate={validateContact}
        errorKey={errorKey}
        t={t}
        extraErrors={extra as unknown as ErrorSchema}
        formData={{ email: 'a@b.ph', whatsApp: '09171234567', emergencyContacts: contacts }}
      />,
    );
    submit();
    await waitFor(() =>
      expect(errorUnder('root_whatsApp')).toBe('[photoRefused.ID_PHOTO_UNCLEAR][photoRefused.reason.too-dark]'),
    );
    expect(errorUnder('root_email')).toBeNull();
  });
});

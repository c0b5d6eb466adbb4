// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import contactSchema from '#forms/contact.schema.json' with { type: 'json' };
import contactUi from '#forms/contact.ui.json' with { type: 'json' };
import validateContact from '#forms/compiled/contact.js';
import { SchemaForm } from './schema-form.tsx';

const t = (key: string) => `[${key}]`;
const errorKey = () => 'errors.any';

function renderContacts(onChange = vi.fn()) {
  render(
    <SchemaForm
      schema={contactSchema as RJSFSchema}
      uiSchema={contactUi as UiSchema}
      validate={validateContact}
      errorKey={errorKey}
      t={t}
      onChange={onChange}
    />,
  );
  return onChange;
}

afterEach(() => {
  delete (navigator as { contacts?: unknown }).contacts;
});

describe('emergency contact cards', () => {
  it("are titled by their role, as the contact step's uiSchema names them", () => {
    renderContacts();
    const titles = [...document.querySelectorAll('.ui-form-array-item-title')].map((el) => el.textContent);
    expect(titles).toEqual([
      '[contact.contactRoles.family]',
      '[contact.contactRoles.second]',
      '[contact.contactRoles.third]',
    ]);
  });

  it('have no pick button where the browser has no Contact Picker API: contacts are typed', () => {
    renderContacts();
    expect(screen.queryAllByRole('button', { name: '[widgets.contactPicker.pick]' })).toHaveLength(0);
    expect(document.getElementById('root_emergencyContacts_0_name')).not.toBeNull();
  });

  it('each have a pick button where it exists, filling that card from ONE contact', async () => {
    const select = vi.fn().mockResolvedValue([{ name: ['Maria Santos '], tel: ['0918 111 2222', '0917 000 0000'] }]);
    Object.defineProperty(navigator, 'contacts', { value: { select }, configurable: true });
    const onChange = renderContacts();
    // The field's code is fetched on first render (lazy-pick-contact-field.tsx): the buttons come with it.
    const buttons = await screen.findAllByRole('button', { name: '[widgets.contactPicker.pick]' });
    expect(buttons).toHaveLength(3);
    fireEvent.click(buttons[1] as HTMLElement);
    await waitFor(() =>
      expect((document.getElementById('root_emergencyContacts_1_name') as HTMLInputElement).value).toBe('Maria Santos'),
    );
    expect((document.getElementById('root_emergencyContacts_1_phone') as HTMLInputElement).value).toBe('0918 111 2222');
    expect((document.getElementById('root_emergencyContacts_0_name') as HTMLInputElement).value).toBe('');
    expect(select).toHaveBeenCalledWith(['name', 'tel'], { multiple: false });
    expect(onChange).toHaveBeenCalled();
  });
});

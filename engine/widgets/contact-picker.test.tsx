// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactPicker } from './contact-picker.tsx';
import { WidgetHarness } from './widget-harness.tsx';

const options = { labels: { name: 'Contact name', phone: 'Mobile number', pick: 'Choose from contacts' } };

function stubContacts(select: (...args: unknown[]) => Promise<unknown>) {
  Object.defineProperty(navigator, 'contacts', { value: { select }, configurable: true });
}
afterEach(() => {
  Reflect.deleteProperty(navigator, 'contacts');
});

describe('ContactPicker', () => {
  it('is typed by hand where the browser has no Contact Picker', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<WidgetHarness widget={ContactPicker} options={options} onValue={onValue} />);
    expect(screen.queryByRole('button', { name: 'Choose from contacts' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Contact name' }), 'Ana');
    await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '0917');
    expect(onValue).toHaveBeenLastCalledWith({ name: 'Ana', phone: '0917' });
    expect(screen.getByRole('textbox', { name: 'Mobile number' }).getAttribute('type')).toBe('tel');
    // The borrower's own details are not offered by autofill for someone else's contact.
    expect(screen.getByRole('textbox', { name: 'Contact name' }).getAttribute('autocomplete')).toBe('off');
  });

  it('gives undefined once both fields are emptied', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<WidgetHarness widget={ContactPicker} options={options} value={{ name: 'A' }} onValue={onValue} />);
    await user.clear(screen.getByRole('textbox', { name: 'Contact name' }));
    expect(onValue).toHaveBeenLastCalledWith(undefined);
  });

  it('fills name and phone from one picked contact, asking only for name and tel', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    const select = vi.fn(async () => [{ name: ['Maria Santos'], tel: [' 0917 123 4567 ', '02 555'] }]);
    stubContacts(select);
    render(<WidgetHarness widget={ContactPicker} options={options} onValue={onValue} />);
    await user.click(screen.getByRole('button', { name: 'Choose from contacts' }));
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith({ name: 'Maria Santos', phone: '0917 123 4567' }));
    expect(select).toHaveBeenCalledTimes(1);
    expect(select).toHaveBeenCalledWith(['name', 'tel'], { multiple: false });
    expect((screen.getByRole('textbox', { name: 'Contact name' }) as HTMLInputElement).value).toBe('Maria Santos');
  });

  it('keeps what was typed when the picker is cancelled or returns nothing', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    const select = vi.fn().mockRejectedValueOnce(new DOMException('cancelled', 'AbortError')).mockResolvedValueOnce([]);
    stubContacts(select);
    render(
      <WidgetHarness
        widget={ContactPicker}
        options={options}
        value={{ name: 'Ana', phone: '0917' }}
        onValue={onValue}
      />,
    );
    const pick = screen.getByRole('button', { name: 'Choose from contacts' }) as HTMLButtonElement;
    await user.click(pick);
    await waitFor(() => expect(pick.disabled).toBe(false));
    await user.click(pick);
    await waitFor(() => expect(select).toHaveBeenCalledTimes(2));
    expect(onValue).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: 'Mobile number' }) as HTMLInputElement).value).toBe('0917');
  });
});

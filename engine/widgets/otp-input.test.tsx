// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OtpInput } from './otp-input.tsx';
import { WidgetHarness } from './widget-harness.tsx';

const options = { labels: { digit: 'Digit {index} of {length}' } };
const box = (index: number, length = 4) =>
  screen.getByRole('textbox', { name: `Digit ${index} of ${length}` }) as HTMLInputElement;
const boxValues = () =>
  screen
    .getAllByRole('textbox')
    .map((input) => (input as HTMLInputElement).value)
    .join('|');

describe('OtpInput', () => {
  it('offers the SMS code to autofill and a numeric keypad', () => {
    render(<WidgetHarness widget={OtpInput} options={options} onValue={() => undefined} label="Verification code" />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeTruthy();
    expect(screen.getAllByRole('textbox')).toHaveLength(4);
    expect(box(1).getAttribute('autocomplete')).toBe('one-time-code');
    expect(box(1).getAttribute('inputmode')).toBe('numeric');
    expect(box(2).getAttribute('autocomplete')).toBe('off');
  });

  it('takes digits only, moving to the next box as the borrower types', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<WidgetHarness widget={OtpInput} options={options} onValue={onValue} />);
    await user.click(box(1));
    await user.keyboard('1a2');
    expect(boxValues()).toBe('1|2||');
    expect(document.activeElement).toBe(box(3));
    expect(onValue).toHaveBeenLastCalledWith('12');
    await user.keyboard('34');
    expect(onValue).toHaveBeenLastCalledWith('1234');
  });

  it('fills every box when the whole code is pasted into any box', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<WidgetHarness widget={OtpInput} options={options} value="12" onValue={onValue} />);
    await user.click(box(3));
    await user.paste(' 98-76 ');
    expect(boxValues()).toBe('9|8|7|6');
    expect(onValue).toHaveBeenLastCalledWith('9876');
  });

  it('spreads an autofilled code typed into the first box', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<WidgetHarness widget={OtpInput} options={{ ...options, length: 6 }} onValue={onValue} />);
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    await user.click(box(1, 6));
    await user.paste('123456');
    expect(onValue).toHaveBeenLastCalledWith('123456');
  });

  it('goes back on Backspace in an empty box, deleting the digit before it', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<WidgetHarness widget={OtpInput} options={options} value="12" onValue={onValue} />);
    await user.click(box(3));
    await user.keyboard('{Backspace}');
    expect(document.activeElement).toBe(box(2));
    expect(boxValues()).toBe('1|||');
    await user.keyboard('{Backspace}');
    expect(onValue).toHaveBeenLastCalledWith(undefined);
    expect(boxValues()).toBe('|||');
  });
});

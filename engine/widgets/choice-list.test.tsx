// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChipSelect } from './chip-select.tsx';
import { RadioSelect } from './radio-select.tsx';
import { WidgetHarness } from './widget-harness.tsx';

const enumOptions = [
  { value: 'single', label: 'Single' },
  { value: 'married', label: 'Married' },
  { value: 'widowed', label: 'Widowed' },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe.each([
  ['ChipSelect', ChipSelect, 'ui-widget-chips'],
  ['RadioSelect', RadioSelect, 'ui-widget-radios'],
] as const)('%s', (_name, Widget, className) => {
  it('shows the options as one radio group and reports the chosen value', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<WidgetHarness widget={Widget} label="Marital status" options={{ enumOptions }} onValue={onValue} />);
    const group = screen.getByRole('radiogroup', { name: 'Marital status' });
    expect(group.className).toContain(className);
    await user.click(screen.getByRole('radio', { name: 'Married' }));
    expect(onValue).toHaveBeenLastCalledWith('married');
    expect((screen.getByRole('radio', { name: 'Married' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Married').parentElement?.className).toContain('ui-widget-choice-checked');
    expect((screen.getByRole('radio', { name: 'Single' }) as HTMLInputElement).checked).toBe(false);
  });

  it('is reachable and operable from the keyboard', async () => {
    // user-event walks radio groups with CSS.escape, which jsdom lacks; browsers have it.
    vi.stubGlobal('CSS', { escape: (text: string) => text.replace(/["\\]/g, '\\$&') });
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(
      <WidgetHarness
        widget={Widget}
        label="Marital status"
        options={{ enumOptions }}
        value="single"
        onValue={onValue}
      />,
    );
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Single' }));
    await user.keyboard('{ArrowDown}');
    expect(onValue).toHaveBeenLastCalledWith('married');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Married' }));
  });

  it('keeps non-string values and respects disabled options', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    const numbers = [
      { value: 1, label: 'One year' },
      { value: 2, label: 'Two years' },
    ];
    render(
      <WidgetHarness
        widget={Widget}
        label="Years"
        options={{ enumOptions: numbers, enumDisabled: [1] }}
        onValue={onValue}
      />,
    );
    expect((screen.getByRole('radio', { name: 'One year' }) as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Two years' }));
    expect(onValue).toHaveBeenLastCalledWith(2);
  });
});

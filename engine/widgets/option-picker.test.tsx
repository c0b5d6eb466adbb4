// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Registry, WidgetProps } from '@rjsf/utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OptionPicker } from './option-picker.tsx';
import { WidgetHarness } from './widget-harness.tsx';

const enumOptions = [
  { value: 'bdo', label: 'BDO Unibank' },
  { value: 'bpi', label: 'BPI' },
];

afterEach(cleanup);

describe('OptionPicker', () => {
  it("shows the chosen option's label and opens the chooser with the field's name", () => {
    const open = vi.fn();
    render(
      <WidgetHarness
        widget={OptionPicker}
        name="bankCode"
        label="Bank"
        value="bpi"
        options={{ enumOptions, open, labels: { choose: 'Choose' } }}
        onValue={() => undefined}
      />,
    );
    const button = screen.getByRole('button', { name: 'Bank: BPI' });
    expect(button.textContent).toBe('BPI');
    fireEvent.click(button);
    expect(open).toHaveBeenCalledWith('bankCode');
  });

  it('asks to choose while nothing is chosen, and says so when the field is in error', () => {
    render(
      <WidgetHarness
        widget={OptionPicker}
        label="Bank"
        rawErrors={['required']}
        options={{ enumOptions, open: () => undefined, labels: { choose: 'Choose' } }}
        onValue={() => undefined}
      />,
    );
    const button = screen.getByRole('button', { name: 'Bank' });
    expect(button.textContent).toBe('Choose');
    expect(button.getAttribute('aria-invalid')).toBe('true');
  });

  it("is the registry's select where the form gives no chooser", () => {
    const Select = (props: WidgetProps) => <select aria-label={props.label} />;
    render(
      <WidgetHarness
        widget={OptionPicker}
        label="Bank"
        registry={{ widgets: { SelectWidget: Select } } as unknown as Registry}
        options={{ enumOptions }}
        onValue={() => undefined}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Bank' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

import { useState } from 'react';
import type { ComponentType } from 'react';
import type { Registry, WidgetProps } from '@rjsf/utils';

type HarnessProps = Partial<Omit<WidgetProps, 'onChange'>> & {
  widget: ComponentType<WidgetProps>;
  onValue: (value: unknown) => void;
};

/**
 * For widget tests: renders a widget as RJSF would, holding its value the way a form does (each onChange becomes
 * the next `value`) and reporting every change to `onValue`.
 */
export function WidgetHarness({ widget: Widget, onValue, value: initial, options = {}, ...rest }: HarnessProps) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <Widget
      id="root_field"
      name="field"
      label="Field"
      schema={{}}
      registry={{} as Registry}
      onBlur={() => undefined}
      onFocus={() => undefined}
      {...rest}
      options={options}
      value={value}
      onChange={(next: unknown) => {
        onValue(next);
        setValue(next);
      }}
    />
  );
}

import type { ComponentType } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { ChipSelect } from './chip-select.tsx';
import { lazyWidget } from './lazy-widget.tsx';
import type { LazyWidget } from './lazy-widget.tsx';
import { RadioSelect } from './radio-select.tsx';
import type { EngineWidgetName } from './widget-label-keys.ts';
import { widgetsOf } from './widget-names.ts';

/**
 * The React side of the engine's widgets: their components, by the `ui:widget` name of widget-label-keys.ts. What
 * the studio and the server know of them (value types, options, flags) is widget-meta.ts, which imports nothing of
 * this module: the server never loads a component. Adding a widget is one file, one name in widget-label-keys.ts,
 * one entry here and in `engineWidgetMeta`, and one test (README.md).
 */
type Widget = ComponentType<WidgetProps>;

/**
 * Chips and radios are small and on most steps, so the engine bundles them (chunks of their own cost the identity
 * step 0.6 KB gzip).
 */
const bundled = { chips: ChipSelect, radios: RadioSelect } as const satisfies Partial<Record<EngineWidgetName, Widget>>;

/** Time, file, range and the alternative dates: rare on a borrower's steps, one chunk for all (rjsf-widgets.tsx). */
const rjsfWidgets = () => import('./rjsf-widgets.tsx');

/**
 * Every other widget is fetched when a field needs it (an `import()` each, or a shared one, named here so
 * scripts/bundle-report.ts finds the module), so no form carries the code of all: a photo on the identity step, the
 * address on the address step, a signature when withdrawing. `preloadWidgets(uiSchema)` starts the fetch together
 * with a step's form.
 */
export const widgetLoaders: { readonly [N in Exclude<EngineWidgetName, keyof typeof bundled>]: () => Promise<Widget> } =
  {
    picker: () => import('./option-picker.tsx').then((m) => m.OptionPicker),
    otp: () => import('./otp-input.tsx').then((m) => m.OtpInput),
    signature: () => import('./signature-pad.tsx').then((m) => m.SignaturePad),
    photo: () => import('./photo-capture.tsx').then((m) => m.PhotoCapture),
    contactPicker: () => import('./contact-picker.tsx').then((m) => m.ContactPicker),
    address: () => import('./address-picker.tsx').then((m) => m.AddressPicker),
    // The engine's textarea owns its text as its inputs do (engine/form/templates); only a few steps have one.
    textarea: () => import('../form/templates/textarea-widget.tsx').then((m) => m.TextareaWidget),
    time: () => rjsfWidgets().then((m) => m.TimeInput),
    file: () => rjsfWidgets().then((m) => m.FileInput),
    range: () => rjsfWidgets().then((m) => m.RangeInput),
    'alt-date': () => rjsfWidgets().then((m) => m.AltDateInput),
    'alt-datetime': () => rjsfWidgets().then((m) => m.AltDateTimeInput),
  };

const lazyWidgets = Object.fromEntries(
  Object.entries(widgetLoaders).map(([name, load]) => [name, lazyWidget(load)]),
) as { readonly [N in keyof typeof widgetLoaders]: LazyWidget };

/**
 * The engine's own widgets as RJSF takes them, by `ui:widget` name; the lowest layer of the widget registry (engine
 * defaults < product < call site).
 */
export const engineWidgets: { readonly [N in EngineWidgetName]: Widget } = { ...lazyWidgets, ...bundled };

/** Starts fetching the code of the engine widgets a uiSchema uses. */
export function preloadWidgets(ui: unknown): Promise<unknown> {
  const lazy: Readonly<Record<string, LazyWidget | undefined>> = lazyWidgets;
  return Promise.all([...widgetsOf(ui)].map((name) => lazy[name]?.preload()));
}

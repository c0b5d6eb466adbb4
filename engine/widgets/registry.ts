import type { RegistryWidgetsType } from '@rjsf/utils';
import { ChipSelect } from './chip-select.tsx';
import { lazyWidget } from './lazy-widget.tsx';
import type { LazyWidget } from './lazy-widget.tsx';
import { RadioSelect } from './radio-select.tsx';
import { widgetsOf } from './widget-names.ts';


/*
 * Widgets one step uses (a photo on the identity step, the address on the address step, a signature when
 * withdrawing) are fetched when a field needs them, so no form carries the code of all: `preloadWidgets(uiSchema)`
 * starts the fetch together with a step's form. Small widgets every form may use are bundled.
 */
const lazyWidgets = {
  otp: lazyWidget(() => import('./otp-input.tsx').then((m) => m.OtpInput)),
  signature: lazyWidget(() => import('./signature-pad.tsx').then((m) => m.SignaturePad)),
  photo: lazyWidget(() => import('./photo-capture.tsx').then((m) => m.PhotoCapture)),
  contactPicker: lazyWidget(() => import('./contact-picker.tsx').then((m) => m.ContactPicker)),
  address: lazyWidget(() => import('./address-picker.tsx').then((m) => m.AddressPicker)),
  picker: lazyWidget(() => import('./option-picker.tsx').then((m) => m.OptionPicker)),
} satisfies Record<string, LazyWidget>;

/**
 * The engine's own widgets by the name a uiSchema gives in `ui:widget`; the lowest layer of the widget registry
 * (engine defaults < product < call site). Adding a widget is one file, one line here and one test (README.md).
 */
export const engineWidgets = {
  chips: ChipSelect,
  radios: RadioSelect,
  ...lazyWidgets,
} satisfies RegistryWidgetsType;

/** Starts fetching the code of the engine's lazy widgets a uiSchema uses. */
export function preloadWidgets(ui: unknown): Promise<unknown> {
  const names = [...widgetsOf(ui)].filter((name): name is keyof typeof lazyWidgets => name in lazyWidgets);
  return Promise.all(names.map((name) => lazyWidgets[name].preload()));
}

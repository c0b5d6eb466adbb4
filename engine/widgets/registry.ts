import type { ComponentType } from 'react';
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { lazyWidget } from './lazy-widget.tsx';
import type { LazyWidget } from './lazy-widget.tsx';
import type { JsonType, WidgetMeta } from './widget-meta.ts';
import { widgetsOf } from './widget-names.ts';

/**
 * One engine widget: how its component is fetched (`load`, a dynamic import) and what the studio needs to know of it
 * (WidgetMeta: display name, labels, value types, options schema, privacy flags). Every component is behind
 * `import()`, so this module loads under node without CSS or component code: the server imports it to check drafts.
 */
export interface WidgetEntry extends WidgetMeta {
  readonly load: () => Promise<ComponentType<WidgetProps>>;
}

const CHOICE: readonly JsonType[] = ['string', 'number', 'integer', 'boolean'];
const NO_OPTIONS = { type: 'object', additionalProperties: false } as const;

declare const __BORROWER_BUILD__: boolean | undefined;

/**
 * The studio's part of an entry (WidgetMeta but `labels`, which the borrower's forms read). The borrower's build
 * (vite.config.ts defines `__BORROWER_BUILD__`) drops it: no borrower screen reads it and the identity step is at its
 * byte budget. Node (the server), the staff console's build and the tests keep it.
 */
function studio<T extends Omit<WidgetMeta, 'labels'>>(meta: T): T {
  return (typeof __BORROWER_BUILD__ === 'undefined' || !__BORROWER_BUILD__ ? meta : undefined) as T;
}

/**
 * Chips and radios are small and on most steps, so a web build bundles them with the engine instead of fetching them
 * (chunks of their own cost the identity step 0.6 KB gzip): `import.meta.glob` with `eager` is Vite's static import,
 * and their `load` answers the bundled component. Under plain node (the server checking drafts) there is no Vite, no
 * CSS loader and nothing to render, and `import.meta.env` is undefined: there their entries have metadata only.
 */
const vite = import.meta.env !== undefined;
const bundled = {
  chips: vite
    ? import.meta.glob<ComponentType<WidgetProps>>('./chip-select.tsx', { eager: true, import: 'ChipSelect' })[
        './chip-select.tsx'
      ]
    : undefined,
  radios: vite
    ? import.meta.glob<ComponentType<WidgetProps>>('./radio-select.tsx', { eager: true, import: 'RadioSelect' })[
        './radio-select.tsx'
      ]
    : undefined,
};

/**
 * The engine's widgets by the name a uiSchema gives in `ui:widget`. Each is fetched when a field needs it, so no form
 * carries the code of all (a photo on the identity step, the address on the address step, a signature when
 * withdrawing): `preloadWidgets(uiSchema)` starts the fetch together with a step's form, so it shows complete.
 * Adding a widget is one file, one entry here and one test (README.md).
 */
export const widgetRegistry = {
  chips: {
    load: async () => bundled.chips!,
    labels: [],
    ...studio({ displayName: 'studio.widgets.chips', accepts: CHOICE, needsEnum: true, options: NO_OPTIONS }),
  },
  radios: {
    load: async () => bundled.radios!,
    labels: [],
    ...studio({ displayName: 'studio.widgets.radios', accepts: CHOICE, needsEnum: true, options: NO_OPTIONS }),
  },
  picker: {
    load: () => import('./option-picker.tsx').then((m) => m.OptionPicker),
    labels: ['choose'],
    ...studio({ displayName: 'studio.widgets.picker', accepts: CHOICE, needsEnum: true, options: NO_OPTIONS }),
  },
  otp: {
    load: () => import('./otp-input.tsx').then((m) => m.OtpInput),
    labels: ['digit'],
    ...studio({
      displayName: 'studio.widgets.otp',
      accepts: ['string'],
      options: {
        type: 'object',
        properties: { length: { type: 'integer', minimum: 1, maximum: 12 } },
        additionalProperties: false,
      },
    }),
  },
  signature: {
    load: () => import('./signature-pad.tsx').then((m) => m.SignaturePad),
    labels: ['pad', 'clear'],
    ...studio({ displayName: 'studio.widgets.signature', accepts: ['string'], options: NO_OPTIONS }),
  },
  photo: {
    load: () => import('./photo-capture.tsx').then((m) => m.PhotoCapture),
    labels: ['take', 'retake', 'preview', 'processing', 'failed'],
    ...studio({
      displayName: 'studio.widgets.photo',
      accepts: ['string'],
      // `documentKind` is the product's: the kind of document the photo is uploaded as (src/forms/profile-sync.ts).
      options: {
        type: 'object',
        properties: {
          capture: { enum: ['environment', 'user'] },
          guidance: { type: 'string', minLength: 1 },
          quality: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
          maxSide: { type: 'integer', minimum: 320 },
          documentKind: { type: 'string', minLength: 1 },
        },
        additionalProperties: false,
      },
      sensitive: true,
    }),
  },
  contactPicker: {
    load: () => import('./contact-picker.tsx').then((m) => m.ContactPicker),
    labels: ['name', 'phone', 'pick'],
    ...studio({
      displayName: 'studio.widgets.contactPicker',
      accepts: ['object'],
      options: NO_OPTIONS,
      sensitive: true,
    }),
  },
  address: {
    load: () => import('./address-picker.tsx').then((m) => m.AddressPicker),
    labels: ['province', 'city', 'barangay', 'choose', 'search', 'loading', 'loadError', 'retry', 'noMatch'],
    ...studio({ displayName: 'studio.widgets.address', accepts: ['object'], options: NO_OPTIONS }),
  },
} satisfies Record<string, WidgetEntry>;

export type EngineWidgetName = keyof typeof widgetRegistry;

const lazyWidgets: Partial<Record<string, LazyWidget>> = Object.fromEntries(
  Object.entries(widgetRegistry).flatMap(([name, entry]) => (name in bundled ? [] : [[name, lazyWidget(entry.load)]])),
);

/**
 * The engine's own widgets as RJSF takes them, by `ui:widget` name; the lowest layer of the widget registry (engine
 * defaults < product < call site).
 */
export const engineWidgets = {
  ...lazyWidgets,
  ...bundled,
} as RegistryWidgetsType & Record<EngineWidgetName, ComponentType<WidgetProps>>;

/** Starts fetching the code of the engine widgets a uiSchema uses. */
export function preloadWidgets(ui: unknown): Promise<unknown> {
  return Promise.all([...widgetsOf(ui)].map((name) => lazyWidgets[name]?.preload()));
}

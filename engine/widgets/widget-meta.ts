/**
 * What the form studio (engine/studio) needs to know of a widget or a `ui:field` beside its component: the name staff
 * read, the labels it takes, the JSON values it can hold, its options and the privacy rules it falls under. Pure
 * data and types (no React, no CSS, nothing of the React loaders in registry.ts), so the server and the studio import
 * it under node to check drafts, and the borrower's build never carries it. The engine's own widgets
 * (`engineWidgetMeta`, one entry per name of widget-label-keys.ts), RJSF's built-in widgets the engine keeps and the
 * engine's `ui:field`s are described here.
 */
import { widgetLabelKeys } from './widget-label-keys.ts';
import { DEFAULT_MAX_FILE_BYTES } from './file-limits.ts';
import type { EngineWidgetName } from './widget-label-keys.ts';

/** The JSON Schema `type`s a value can have. */
export const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array'] as const;
export type JsonType = (typeof JSON_TYPES)[number];

/** What the studio knows of a widget (`ui:widget`) or a field (`ui:field`). */
export interface WidgetMeta {
  /** Its name for staff: an i18n key of the staff namespace (`studio.widgets.<name>`). */
  readonly displayName: string;
  /** The keys it reads from `ui:options.labels` (the product fills them from `widgets.<name>.<label>`). */
  readonly labels: readonly string[];
  /** The schema `type`s of the values it takes. */
  readonly accepts: readonly JsonType[];
  /**
   * A JSON Schema (draft-07) of its own `ui:options`, `labels` apart (checked against `labels` above) and the options
   * every field takes (`notice`, `label`, ...; engine/studio). Options the product gives at run time (functions such
   * as the address picker's `loadLevel`) are not in a uiSchema and not here.
   */
  readonly options: Readonly<Record<string, unknown>>;
  /** It shows the options of the schema's `enum` (chips, radios, picker): a field without one would show nothing. */
  readonly needsEnum?: boolean;
  /**
   * It collects personal data that needs a just-in-time notice where it is asked for (NPC Circular 2022-02): a photo
   * of an ID or a face, a contact from the address book. The studio requires `ui:options.notice` on such a field.
   */
  readonly sensitive?: boolean;
  /** It reads more than one contact of the address book, which SEC MC 18 (2019) forbids lenders: refused by the studio. */
  readonly readsAddressBook?: boolean;
  /**
   * It keeps a file in the form's data (a data URL): the largest file it takes when `ui:options.maxBytes` does not
   * say. The studio holds the files a field may take to what the product's save can carry (FormCheckContext.fileBytes).
   */
  readonly keepsFile?: { readonly defaultMaxBytes: number };
}

const SCALARS: readonly JsonType[] = ['string', 'number', 'integer', 'boolean'];
const NO_OPTIONS = { type: 'object', additionalProperties: false } as const;
/** The options of RJSF's alternative date widgets, which the engine's `alt-date` and `alt-datetime` keep. */
const ALT_DATE_OPTIONS = {
  type: 'object',
  properties: {
    yearsRange: { type: 'array', items: { type: 'integer' }, minItems: 2, maxItems: 2 },
    format: { enum: ['YMD', 'MDY', 'DMY'] },
    hideNowButton: { type: 'boolean' },
    hideClearButton: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;

/** RJSF's radio and checkboxes take `inline` (the choices side by side). */
const INLINE_OPTIONS = {
  type: 'object',
  properties: { inline: { type: 'boolean' } },
  additionalProperties: false,
} as const;

/**
 * The engine's own widgets (engine/widgets, React loaders in registry.ts). `time` and `file` are also what a schema's
 * `format` gets without any `ui:widget` (`time`, `data-url`), and `file`, `range`, `alt-date`, `alt-datetime` and
 * `time` take the place of RJSF's widgets of those names (engine/form/registry.ts registers them under RJSF's
 * component names too).
 */
export const engineWidgetMeta: { readonly [N in EngineWidgetName]: WidgetMeta } = {
  chips: {
    displayName: 'studio.widgets.chips',
    labels: widgetLabelKeys.chips,
    accepts: SCALARS,
    needsEnum: true,
    options: NO_OPTIONS,
  },
  radios: {
    displayName: 'studio.widgets.radios',
    labels: widgetLabelKeys.radios,
    accepts: SCALARS,
    needsEnum: true,
    options: NO_OPTIONS,
  },
  picker: {
    displayName: 'studio.widgets.picker',
    labels: widgetLabelKeys.picker,
    accepts: SCALARS,
    needsEnum: true,
    options: NO_OPTIONS,
  },
  otp: {
    displayName: 'studio.widgets.otp',
    labels: widgetLabelKeys.otp,
    accepts: ['string'],
    options: {
      type: 'object',
      properties: { length: { type: 'integer', minimum: 1, maximum: 12 } },
      additionalProperties: false,
    },
  },
  signature: {
    displayName: 'studio.widgets.signature',
    labels: widgetLabelKeys.signature,
    accepts: ['string'],
    options: NO_OPTIONS,
  },
  photo: {
    displayName: 'studio.widgets.photo',
    labels: widgetLabelKeys.photo,
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
  },
  contactPicker: {
    displayName: 'studio.widgets.contactPicker',
    labels: widgetLabelKeys.contactPicker,
    accepts: ['object'],
    options: NO_OPTIONS,
    sensitive: true,
  },
  address: {
    displayName: 'studio.widgets.address',
    labels: widgetLabelKeys.address,
    accepts: ['object'],
    options: NO_OPTIONS,
  },
  time: { displayName: 'studio.widgets.time', labels: widgetLabelKeys.time, accepts: ['string'], options: NO_OPTIONS },
  file: {
    displayName: 'studio.widgets.file',
    labels: widgetLabelKeys.file,
    // One file, or a list of them (`type: array` of `format: data-url` strings).
    accepts: ['string', 'array'],
    // A data URL of one file from the camera or the file chooser; `accept` as the input's (`image/*,.pdf`), `maxBytes`
    // the largest file taken (default 5 MB), `capture` opens the camera at once.
    options: {
      type: 'object',
      properties: {
        accept: { type: 'string', minLength: 1 },
        maxBytes: { type: 'integer', minimum: 1, maximum: 20000000 },
        capture: { enum: ['environment', 'user'] },
      },
      additionalProperties: false,
    },
    // A file from the phone is mostly a document (an ID, a payslip): the same just-in-time notice as a photo.
    sensitive: true,
    keepsFile: { defaultMaxBytes: DEFAULT_MAX_FILE_BYTES },
  },
  textarea: {
    displayName: 'studio.widgets.textarea',
    labels: widgetLabelKeys.textarea,
    accepts: ['string'],
    options: NO_OPTIONS,
  },
  range: {
    displayName: 'studio.widgets.range',
    labels: widgetLabelKeys.range,
    accepts: ['number', 'integer'],
    options: NO_OPTIONS,
  },
  'alt-date': {
    displayName: 'studio.widgets.altDate',
    labels: widgetLabelKeys['alt-date'],
    accepts: ['string'],
    options: ALT_DATE_OPTIONS,
  },
  'alt-datetime': {
    displayName: 'studio.widgets.altDatetime',
    labels: widgetLabelKeys['alt-datetime'],
    accepts: ['string'],
    options: ALT_DATE_OPTIONS,
  },
};

/**
 * RJSF's built-in widget names the engine keeps (scripts/vite/rjsf-trim.ts replaces Color and Rating with a
 * stand-in that fails in its field, so the studio does not offer them; AltDate, AltDateTime, File, Range and Time are
 * the engine's own, `engineWidgetMeta`, and so is `textarea`, engine/form/templates/textarea-widget.tsx).
 * RJSF's `email`, `uri`, `date` and `date-time` (`datetime`) inputs render on the engine's input, which gives each
 * its phone keyboard, autofill and picker (engine/form/templates/base-input-template.tsx `keyboardFor`); a schema
 * `format` picks them without any `ui:widget`. Their own options are the general ones (`rows` for a textarea,
 * `inputType`, ...), which engine/studio allows on every field.
 */
const radio: WidgetMeta = {
  displayName: 'studio.widgets.radio',
  labels: [],
  accepts: SCALARS,
  options: INLINE_OPTIONS,
  needsEnum: true,
};
const checkboxes: WidgetMeta = {
  displayName: 'studio.widgets.checkboxes',
  labels: [],
  accepts: ['array'],
  options: INLINE_OPTIONS,
};
const uri: WidgetMeta = { displayName: 'studio.widgets.url', labels: [], accepts: ['string'], options: NO_OPTIONS };
const datetime: WidgetMeta = {
  displayName: 'studio.widgets.datetime',
  labels: [],
  accepts: ['string'],
  options: NO_OPTIONS,
};

export const rjsfWidgetMeta: Readonly<Record<string, WidgetMeta>> = {
  text: {
    displayName: 'studio.widgets.text',
    labels: [],
    accepts: ['string', 'number', 'integer'],
    options: NO_OPTIONS,
  },
  email: { displayName: 'studio.widgets.email', labels: [], accepts: ['string'], options: NO_OPTIONS },
  uri,
  password: { displayName: 'studio.widgets.password', labels: [], accepts: ['string'], options: NO_OPTIONS },
  date: { displayName: 'studio.widgets.date', labels: [], accepts: ['string'], options: NO_OPTIONS },
  datetime,
  'date-time': datetime,
  updown: { displayName: 'studio.widgets.updown', labels: [], accepts: ['number', 'integer'], options: NO_OPTIONS },
  checkbox: { displayName: 'studio.widgets.checkbox', labels: [], accepts: ['boolean'], options: NO_OPTIONS },
  checkboxes,
  CheckboxesWidget: checkboxes,
  radio,
  RadioWidget: radio,
  select: { displayName: 'studio.widgets.select', labels: [], accepts: [...SCALARS, 'array'], options: NO_OPTIONS },
  hidden: { displayName: 'studio.widgets.hidden', labels: [], accepts: SCALARS, options: NO_OPTIONS },
};

/** What the studio knows of a `ui:field`; `needsWidget`: it mounts the `ui:widget` named beside it. */
export interface FieldMeta extends WidgetMeta {
  readonly needsWidget?: boolean;
}

/**
 * The engine's `ui:field`s (engine/form/registry.ts): `widget` mounts any registry widget for any value type
 * (engine/form/widget-field.tsx), `pickContact` is an object card that can be filled from ONE picked contact
 * (engine/form/pick-contact-field.tsx), so it needs the same notice as the contact picker and reads no address book.
 */
export const engineFieldMeta: Readonly<Record<string, FieldMeta>> = {
  widget: {
    displayName: 'studio.widgets.widgetField',
    labels: [],
    accepts: [...JSON_TYPES],
    options: NO_OPTIONS,
    needsWidget: true,
  },
  pickContact: {
    displayName: 'studio.widgets.pickContact',
    labels: ['pick'],
    accepts: ['object'],
    options: {
      type: 'object',
      properties: { nameField: { type: 'string', minLength: 1 }, phoneField: { type: 'string', minLength: 1 } },
      additionalProperties: false,
    },
    sensitive: true,
  },
};

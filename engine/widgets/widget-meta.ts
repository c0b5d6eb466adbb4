/**
 * What the form studio (engine/studio) needs to know of a widget or a `ui:field` beside its component: the name staff
 * read, the labels it takes, the JSON values it can hold, its options and the privacy rules it falls under. Pure
 * data and types (no React, no CSS), so the server imports it under node to check drafts. The engine's own widgets
 * declare theirs in their registry entry (registry.ts); RJSF's built-in widgets and the engine's `ui:field`s are
 * described here, as they have no entry of their own there.
 */

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
}

const SCALARS: readonly JsonType[] = ['string', 'number', 'integer', 'boolean'];
const NO_OPTIONS = { type: 'object', additionalProperties: false } as const;

/** RJSF's radio and checkboxes take `inline` (the choices side by side). */
const INLINE_OPTIONS = {
  type: 'object',
  properties: { inline: { type: 'boolean' } },
  additionalProperties: false,
} as const;

/**
 * RJSF's built-in widget names the engine keeps (scripts/vite/rjsf-trim.ts replaces AltDate, AltDateTime, Color,
 * File, Range and Rating with stand-ins that refuse to render, so the studio does not offer them; `textarea` is the
 * engine's own, engine/form/templates/textarea-widget.tsx), by the names RJSF knows them: its short names, the
 * aliases its formats use (`uri`, `date-time`) and its class names (`RadioWidget`, `CheckboxesWidget`). Their own
 * options are the general ones (`rows` for a textarea, `inputType`, ...), which engine/studio allows on every field.
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
const url: WidgetMeta = { displayName: 'studio.widgets.url', labels: [], accepts: ['string'], options: NO_OPTIONS };
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
  textarea: { displayName: 'studio.widgets.textarea', labels: [], accepts: ['string'], options: NO_OPTIONS },
  email: { displayName: 'studio.widgets.email', labels: [], accepts: ['string'], options: NO_OPTIONS },
  url,
  uri: url,
  password: { displayName: 'studio.widgets.password', labels: [], accepts: ['string'], options: NO_OPTIONS },
  date: { displayName: 'studio.widgets.date', labels: [], accepts: ['string'], options: NO_OPTIONS },
  datetime,
  'date-time': datetime,
  time: { displayName: 'studio.widgets.time', labels: [], accepts: ['string'], options: NO_OPTIONS },
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

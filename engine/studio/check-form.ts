/**
 * The checks of a step form draft: what would break the borrower's form, its translations or the privacy
 * rules if it were published. Pure (ajv aside); the server runs it on every save and refuses a submit while an
 * error stands. Text keys follow what the form really reads (engine/form/translate-ui.ts, the templates and
 * forms/form-text.ts's widget labels); a `<form>.` key is the form's own text, any other the shared catalog. An enum's
 * option labels are `<form>.options.<field>.<value>` by the form's name (the borrower's step and the studio's preview
 * key them so), whatever the schema's `$id`.
 */
import { Ajv } from 'ajv';
import type { ValidateFunction } from 'ajv';
import { checkBranches } from './check-branches.ts';
import { checkPatterns } from './check-patterns.ts';
import { checkSchema } from './check-schema.ts';
import type { ValidationVocabulary } from '../validation/vocabulary.ts';
import type { FieldMeta, WidgetMeta } from '../widgets/widget-meta.ts';
import { asObject, choicesOf, enumOf, escape, fieldsOf, refOf, resolveRef, typesOf } from './schema-fields.ts';
import type { Json, SchemaField } from './schema-fields.ts';
import { check } from './types.ts';
import type { Check, FormContentLike } from './types.ts';

/** What checkForm needs beside the draft, given by the product (the engine knows none). */
export interface FormCheckContext {
  /** The languages every text must be in (domain FORM_LANGUAGES). */
  readonly languages: readonly string[];
  /** The shared catalog per language: locales/<lng>/forms.json without the forms' own subtrees. */
  readonly shared: Readonly<Record<string, Record<string, unknown>>>;
  /** The product's validation vocabulary (forms/vocabulary.ts), so the schema compiles as the build compiles it. */
  readonly vocabulary: ValidationVocabulary;
  /** Every `ui:widget` a form may name: RJSF's built-in ones and the engine's registry (engine/widgets). */
  readonly widgets: Readonly<Record<string, WidgetMeta>>;
  /** Every `ui:field` a form may name (engine/widgets/widget-meta.ts `engineFieldMeta`). */
  readonly fields: Readonly<Record<string, FieldMeta>>;
  /**
   * The most bytes of files (as data URLs) one save of a form can carry, when the product limits it: a field whose
   * files may exceed it (its `maxBytes`, times its `maxItems` for a list) is refused, so no borrower picks a file the
   * save then refuses.
   */
  readonly fileBytes?: number;
}

/**
 * `ui:options` any field may carry, read by RJSF or the engine's templates rather than by a widget: not part of a
 * widget's options schema.
 */
const GENERAL_OPTIONS = new Set([
  'notice',
  'label',
  'title',
  'description',
  'help',
  'placeholder',
  'classNames',
  'style',
  'autofocus',
  'autocomplete',
  'disabled',
  'readonly',
  'hideError',
  'inputType',
  'emptyValue',
  'enumNames',
  'enumDisabled',
  'rows',
  'orderable',
  'addable',
  'removable',
  'copyable',
  'itemTitles',
  'labels',
  'optionList',
]);

/** A shared option list's name (`ui:options.optionList`): one segment of a text key. */
const LIST_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/u;

/** uiSchema keys whose value is a text key (engine/form/translate-ui.ts). */
const UI_TEXT_KEYS = ['ui:title', 'ui:description', 'ui:placeholder', 'ui:help'] as const;

interface Walk {
  readonly name: string;
  readonly root: Json;
  readonly ctx: FormCheckContext;
  readonly out: Check[];
  /** Text key -> where it is first used and for which field. */
  readonly keys: Map<string, { path: string; field?: string }>;
  /** The uiSchema's `ui:definitions`: the settings of every field reached by a `$ref`, by the `$ref`. */
  readonly definitions: Json;
  /** The `ui:definitions` entries some field uses. */
  readonly used: Set<string>;
}

const optionValidators = new WeakMap<object, ValidateFunction>();
const optionsAjv = new Ajv({ allErrors: true, strict: false });

/** The checks of form `name`'s draft `content`: errors block a submit, warnings are shown only. */
export function checkForm(name: string, content: FormContentLike, ctx: FormCheckContext): Check[] {
  const out: Check[] = [];
  const schema = asObject(content.schema) ?? {};
  const ui = asObject(content.uiSchema) ?? {};
  out.push(...checkSchema(schema, ctx.vocabulary));
  out.push(...checkPatterns(schema));
  out.push(...checkBranches(schema));
  const walk: Walk = {
    name,
    root: schema,
    ctx,
    out,
    keys: new Map(),
    definitions: definitionsOf(ui, out),
    used: new Set(),
  };
  for (const key of ['title', 'description'] as const) {
    const text = schema[key];
    if (typeof text === 'string') noteKey(walk, text, `/schema/${key}`);
  }
  noteOptionTitles(walk, schema, '/schema', ui, '/uiSchema');
  visitObject(walk, schema, ui, '/schema', '/uiSchema', false);
  // RJSF applies an entry to the fields whose schema is that `$ref`; one no field uses does nothing.
  for (const ref of Object.keys(walk.definitions))
    if (!walk.used.has(ref))
      out.push(check('warning', 'uiDefinitionUnused', `${DEFINITIONS_AT}/${escape(ref)}`, { ref }));
  checkTexts(walk, content);
  // One finding per id (ajv may report one option twice, once per rule it breaks).
  const ids = new Set<string>();
  return out.filter((c) => !ids.has(c.id) && Boolean(ids.add(c.id)));
}

const DEFINITIONS_AT = '/uiSchema/ui:definitions';

/**
 * The uiSchema's `ui:definitions` (RJSF: the settings of every field whose schema is a `$ref`, by the `$ref`), each an
 * object of settings; an entry that is not is an error, and is left out.
 */
function definitionsOf(ui: Json, out: Check[]): Json {
  const given = ui['ui:definitions'];
  if (given === undefined) return {};
  const definitions = asObject(given);
  if (!definitions) {
    out.push(check('error', 'uiDefinitionsInvalid', DEFINITIONS_AT));
    return {};
  }
  const valid: Json = {};
  for (const [ref, entry] of Object.entries(definitions)) {
    if (asObject(entry)) valid[ref] = entry;
    else out.push(check('error', 'uiDefinitionsInvalid', `${DEFINITIONS_AT}/${escape(ref)}`));
  }
  return valid;
}

/** `local` over `base`, objects merged at every depth, anything else replaced: RJSF's `mergeObjects`. */
function mergeUi(base: Json, local: Json): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(local)) {
    const below = asObject(out[key]);
    const over = asObject(value);
    out[key] = below && over ? mergeUi(below, over) : value;
  }
  return out;
}

/** Whether the JSON pointer `path` names a value in `node`. */
function holds(node: Json, path: string): boolean {
  let at: unknown = node;
  for (const part of path.split('/').slice(1)) {
    const object = asObject(at);
    const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!object || !(key in object)) return false;
    at = object[key];
  }
  return true;
}

function noteKey(walk: Walk, raw: string, path: string, field?: string): void {
  const key = raw.split('?')[0] ?? raw;
  if (!walk.keys.has(key)) walk.keys.set(key, { path, ...(field !== undefined && { field }) });
}

/**
 * The titles of a schema's `oneOf` / `anyOf` options (RJSF's choices, or the alternatives its selector offers), or the
 * `ui:title` the uiSchema gives an option (`"oneOf": [{"ui:title": ...}]`): text keys borrowers read.
 */
function noteOptionTitles(walk: Walk, schema: Json, at: string, ui: Json, uiAt: string, field?: string): void {
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const options = schema[keyword];
    if (!Array.isArray(options)) continue;
    const uiOptions = Array.isArray(ui[keyword]) ? (ui[keyword] as unknown[]) : [];
    options.forEach((option, index) => {
      const node = asObject(option) ?? {};
      // RJSF gives an option reached by a `$ref` its `ui:definitions` entry under the option's own settings.
      const ref = refOf(node);
      const entry = ref === undefined ? undefined : asObject(walk.definitions[ref]);
      if (entry && ref !== undefined) walk.used.add(ref);
      const ownUi = asObject(uiOptions[index])?.['ui:title'];
      const own = typeof ownUi === 'string' ? ownUi : entry?.['ui:title'];
      const title = resolveRef(walk.root, node)['title'];
      if (typeof ownUi === 'string') noteKey(walk, ownUi, `${uiAt}/${keyword}/${index}/ui:title`, field);
      else if (typeof own === 'string') noteKey(walk, own, `${DEFINITIONS_AT}/${escape(ref ?? '')}/ui:title`, field);
      else if (typeof title === 'string') noteKey(walk, title, `${at}/${keyword}/${index}/title`, field);
    });
  }
}

/** The fields of one object, in the order RJSF shows them (`ui:order`, `*` standing for the rest). */
function displayOrder(fields: Map<string, SchemaField>, order: unknown): string[] {
  if (!Array.isArray(order)) return [...fields.keys()];
  const listed = order.filter((n): n is string => typeof n === 'string' && (n === '*' || fields.has(n)));
  const rest = [...fields.keys()].filter((n) => !listed.includes(n));
  const star = listed.indexOf('*');
  return star < 0 ? [...new Set(listed)] : [...new Set([...listed.slice(0, star), ...rest, ...listed.slice(star + 1)])];
}

function checkOrder(walk: Walk, fields: Map<string, SchemaField>, order: unknown, at: string): void {
  if (order === undefined) return;
  const path = `${at}/ui:order`;
  if (!Array.isArray(order)) {
    walk.out.push(check('error', 'orderInvalid', path));
    return;
  }
  const seen = new Set<unknown>();
  order.forEach((entry: unknown, index) => {
    const field = String(entry);
    if (seen.has(entry) && entry !== '*')
      walk.out.push(check('error', 'orderDuplicate', `${path}/${index}`, { field }, field));
    else if (entry !== '*' && !fields.has(field))
      walk.out.push(check('error', 'orderUnknown', `${path}/${index}`, { field }, field));
    seen.add(entry);
  });
  if (order.filter((e) => e === '*').length > 1) walk.out.push(check('error', 'orderWildcards', path));
  if (!order.includes('*')) {
    for (const field of fields.keys())
      if (!order.includes(field))
        walk.out.push({
          ...check('error', 'orderMissing', path, { field }, field),
          id: `orderMissing:${path}:${field}`,
        });
  }
}

/** One object's fields: its order, the uiSchema entries of fields it lacks, then each field in the order shown. */
function visitObject(walk: Walk, node: Json, ui: Json, schemaAt: string, uiAt: string, noticeAbove: boolean): void {
  const fields = fieldsOf(walk.root, node, schemaAt);
  checkOrder(walk, fields, ui['ui:order'], uiAt);
  for (const key of Object.keys(ui)) {
    if (!key.startsWith('ui:') && !fields.has(key))
      walk.out.push(check('warning', 'uiUnknownProperty', `${uiAt}/${escape(key)}`, { field: key }, key));
  }
  // A sensitive field's notice also covers the sensitive fields of the same widget right after it (the ID's back
  // photo under the notice of its front), as the borrower reads them together.
  let previous: { widget: string; covered: boolean } | undefined;
  for (const name of displayOrder(fields, ui['ui:order'])) {
    const field = fields.get(name);
    if (!field) continue;
    const fieldUi = asObject(ui[name]) ?? {};
    const shown = visitField(walk, field, fieldUi, `${uiAt}/${escape(name)}`, noticeAbove, previous);
    previous = shown;
  }
}

/**
 * One field with the settings RJSF gives it: its own, over the `ui:definitions` entry of the `$ref` its schema is (as
 * RJSF's SchemaField merges them), so a definition's widget, options and texts are checked like the field's own. A
 * finding about a setting the definition gives points into the definition.
 */
function visitField(
  walk: Walk,
  field: SchemaField,
  ui: Json,
  uiAt: string,
  noticeAbove: boolean,
  previous: { widget: string; covered: boolean } | undefined,
): { widget: string; covered: boolean } | undefined {
  const entry = field.ref === undefined ? undefined : asObject(walk.definitions[field.ref]);
  if (!entry || field.ref === undefined) return visitFieldUi(walk, field, ui, uiAt, noticeAbove, previous);
  walk.used.add(field.ref);
  const before = walk.out.length;
  const shown = visitFieldUi(walk, field, mergeUi(entry, ui), uiAt, noticeAbove, previous);
  const entryAt = `${DEFINITIONS_AT}/${escape(field.ref)}`;
  for (let i = before; i < walk.out.length; i++) {
    const found = walk.out[i]!;
    const rest = found.path.startsWith(`${uiAt}/`) ? found.path.slice(uiAt.length) : undefined;
    if (rest === undefined || holds(ui, rest) || !holds(entry, rest)) continue;
    walk.out[i] = { ...found, id: found.id.replace(found.path, `${entryAt}${rest}`), path: `${entryAt}${rest}` };
  }
  return shown;
}

/**
 * The widget RJSF picks for a value by its schema alone, when no `ui:widget` names one and the studio has rules for
 * it: a file (`format: data-url`, or a list of them) gets the file widget, which asks for a notice like a photo.
 */
function impliedWidget(schemas: readonly Json[], root: Json, types: Set<string>): string | undefined {
  const file = (schema: Json | undefined) => schema?.['format'] === 'data-url';
  if (schemas.some(file)) return 'file';
  if (!types.has('array')) return undefined;
  const items = asObject(schemas[0]?.['items']);
  return items && file(resolveRef(root, items)) ? 'file' : undefined;
}

/**
 * One field: its texts, its widget or field and their options, its notice; then what it holds (an object's fields, a
 * list's items). Answers the sensitive widget it shows and whether a notice covers it, for the field after it.
 */
function visitFieldUi(
  walk: Walk,
  field: SchemaField,
  ui: Json,
  uiAt: string,
  noticeAbove: boolean,
  previous: { widget: string; covered: boolean } | undefined,
): { widget: string; covered: boolean } | undefined {
  const { name, schemas } = field;
  const schemaAt = field.pointers[0] ?? '';
  schemas.forEach((schema, index) => {
    for (const key of ['title', 'description'] as const) {
      const text = schema[key];
      if (typeof text === 'string') noteKey(walk, text, `${field.pointers[index] ?? schemaAt}/${key}`, name);
    }
  });
  for (const key of UI_TEXT_KEYS) {
    const text = ui[key];
    if (typeof text === 'string') noteKey(walk, text, `${uiAt}/${key}`, name);
  }
  schemas.forEach((schema, index) => noteOptionTitles(walk, schema, field.pointers[index] ?? schemaAt, ui, uiAt, name));
  const values = enumOf(schemas);
  const types = typesOf(schemas);
  // A boolean offers yes and no (the shared `form.yes` and `form.no`) to a widget of choices, as RJSF's BooleanField.
  const yesNo = types.has('boolean') && !choicesOf(schemas);
  const choices = choicesOf(schemas) ?? (yesNo ? [true, false] : undefined);
  const options = asObject(ui['ui:options']) ?? {};
  const list = options['optionList'];
  if (list !== undefined && (typeof list !== 'string' || !LIST_NAME.test(list)))
    walk.out.push(
      check('error', 'optionListInvalid', `${uiAt}/ui:options/optionList`, { field: name, list: String(list) }, name),
    );
  // A shared list's texts are the list's (`<form>.options.<list>.<value>`), defined once for every field naming it.
  const optionsOf = typeof list === 'string' && LIST_NAME.test(list) ? list : name;
  const enumNames = ui['ui:enumNames'];
  const named = asObject(enumNames);
  if (Array.isArray(enumNames))
    enumNames.forEach(
      (key, index) => typeof key === 'string' && noteKey(walk, key, `${uiAt}/ui:enumNames/${index}`, name),
    );
  // The map form, value -> key: a value it leaves out keeps the convention's key.
  if (values && !Array.isArray(enumNames))
    for (const value of values) {
      const key = named?.[String(value)];
      if (typeof key === 'string') noteKey(walk, key, `${uiAt}/ui:enumNames/${escape(String(value))}`, name);
      else noteKey(walk, `${walk.name}.options.${optionsOf}.${String(value)}`, `${schemaAt}/enum`, name);
    }

  for (const key of ['notice', 'guidance'] as const) {
    const text = options[key];
    if (typeof text === 'string') noteKey(walk, text, `${uiAt}/ui:options/${key}`, name);
  }
  const itemTitles = options['itemTitles'];
  if (Array.isArray(itemTitles))
    itemTitles.forEach(
      (key, index) => typeof key === 'string' && noteKey(walk, key, `${uiAt}/ui:options/itemTitles/${index}`, name),
    );
  const labels = asObject(options['labels']);
  for (const [label, key] of Object.entries(labels ?? {}))
    if (typeof key === 'string') noteKey(walk, key, `${uiAt}/ui:options/labels/${escape(label)}`, name);

  const widgetName = typeof ui['ui:widget'] === 'string' ? ui['ui:widget'] : undefined;
  const fieldName = typeof ui['ui:field'] === 'string' ? ui['ui:field'] : undefined;
  const fieldMeta = fieldName === undefined ? undefined : walk.ctx.fields[fieldName];
  if (fieldName !== undefined && !fieldMeta)
    walk.out.push(check('error', 'unknownField', `${uiAt}/ui:field`, { field: name, uiField: fieldName }, name));
  if (fieldMeta?.needsWidget === true && widgetName === undefined)
    walk.out.push(
      check('error', 'fieldNeedsWidget', `${uiAt}/ui:field`, { field: name, uiField: fieldName ?? '' }, name),
    );
  const widgetMeta = widgetName === undefined ? undefined : walk.ctx.widgets[widgetName];
  if (widgetName !== undefined && !widgetMeta)
    walk.out.push(check('error', 'unknownWidget', `${uiAt}/ui:widget`, { field: name, widget: widgetName }, name));
  if (widgetName !== undefined && widgetMeta) {
    // The product fills a widget's labels from `widgets.<widget>.<label>` (forms/form-text.ts withWidgetOptions).
    for (const label of widgetMeta.labels)
      if (labels?.[label] === undefined) noteKey(walk, `widgets.${widgetName}.${label}`, `${uiAt}/ui:widget`, name);
  }

  // What the field's value is shown and entered by: its `ui:field` (but the `widget` field, which mounts `ui:widget`),
  // else its `ui:widget`, else the widget its schema gets without one.
  const implied =
    widgetName === undefined && fieldName === undefined ? impliedWidget(schemas, walk.root, types) : undefined;
  const impliedMeta = implied === undefined ? undefined : walk.ctx.widgets[implied];
  const shownBy =
    fieldMeta && fieldMeta.needsWidget !== true
      ? { key: fieldName ?? '', meta: fieldMeta, at: `${uiAt}/ui:field` }
      : widgetMeta
        ? { key: widgetName ?? '', meta: widgetMeta, at: `${uiAt}/ui:widget` }
        : impliedMeta
          ? { key: implied ?? '', meta: impliedMeta, at: uiAt }
          : undefined;
  if (yesNo && (shownBy?.meta.needsEnum === true || widgetName === 'select')) {
    noteKey(walk, 'form.yes', shownBy?.at ?? uiAt, name);
    noteKey(walk, 'form.no', shownBy?.at ?? uiAt, name);
  }
  if (shownBy) {
    const wrong = [...types].filter((t) => t !== 'null' && !shownBy.meta.accepts.includes(t as never));
    if (wrong.length > 0)
      walk.out.push(
        check('error', 'widgetType', shownBy.at, { field: name, widget: shownBy.key, type: wrong.join(', ') }, name),
      );
    if (shownBy.meta.needsEnum === true && !choices)
      walk.out.push(check('error', 'widgetNeedsEnum', shownBy.at, { field: name, widget: shownBy.key }, name));
    if (shownBy.meta.readsAddressBook === true)
      walk.out.push(check('error', 'addressBook', shownBy.at, { field: name, widget: shownBy.key }, name));
    checkOptions(walk, name, shownBy.key, shownBy.meta, options, `${uiAt}/ui:options`);
    checkFileBytes(walk, name, shownBy.meta, options, types.has('array'), schemas[0], uiAt);
  }

  let shown: { widget: string; covered: boolean } | undefined;
  if (shownBy?.meta.sensitive === true) {
    const covered =
      typeof options['notice'] === 'string' || noticeAbove || (previous?.widget === shownBy.key && previous.covered);
    if (!covered) walk.out.push(check('error', 'noticeMissing', uiAt, { field: name, widget: shownBy.key }, name));
    shown = { widget: shownBy.key, covered };
  }

  // What the field holds: the fields of an object RJSF lays out (not one a widget takes whole), a list's items.
  const own = typeof options['notice'] === 'string' || noticeAbove;
  const node = schemas[0];
  if (node && fieldName !== 'widget' && (types.has('object') || node['properties'] !== undefined))
    visitObject(walk, node, ui, schemaAt, uiAt, own);
  // A list of files is one file widget; any other list shows its items (a tuple each of its own, RJSF's fixed items,
  // with `uiSchema.items` a list by position or one for all, and `additionalItems` after them).
  const items = node?.['items'];
  if (node && types.has('array') && shownBy?.key !== 'file') {
    const item = (schema: unknown, pointer: string, itemUi: unknown, itemAt: string) => {
      const one = asObject(schema);
      if (!one) return;
      const ref = refOf(one);
      const itemField = {
        name,
        schemas: [resolveRef(walk.root, one)],
        pointers: [pointer],
        ...(ref !== undefined && { ref }),
      };
      visitField(walk, itemField, asObject(itemUi) ?? {}, itemAt, own, undefined);
    };
    const uiItems = ui['items'];
    if (Array.isArray(items)) {
      items.forEach((schema, i) =>
        Array.isArray(uiItems)
          ? item(schema, `${schemaAt}/items/${i}`, uiItems[i], `${uiAt}/items/${i}`)
          : item(schema, `${schemaAt}/items/${i}`, uiItems, `${uiAt}/items`),
      );
      item(node['additionalItems'], `${schemaAt}/additionalItems`, ui['additionalItems'], `${uiAt}/additionalItems`);
    } else item(items, `${schemaAt}/items`, uiItems, `${uiAt}/items`);
  }
  return shown;
}

/** `ui:options` against the options schema of the widget or field showing the value; its labels against its labels. */
function checkOptions(walk: Walk, field: string, widget: string, meta: WidgetMeta, options: Json, at: string): void {
  const own = Object.fromEntries(Object.entries(options).filter(([key]) => !GENERAL_OPTIONS.has(key)));
  let validate = optionValidators.get(meta.options);
  if (!validate) {
    validate = optionsAjv.compile(meta.options);
    optionValidators.set(meta.options, validate);
  }
  if (!validate(own)) {
    for (const error of validate.errors ?? []) {
      const extra = (error.params as { additionalProperty?: unknown }).additionalProperty;
      const option = typeof extra === 'string' ? extra : (error.instancePath.slice(1).split('/')[0] ?? '');
      walk.out.push(
        check(
          'error',
          'optionsInvalid',
          option === '' ? at : `${at}/${escape(option)}`,
          { field, widget, option },
          field,
        ),
      );
    }
  }
  const labels = options['labels'];
  if (labels === undefined) return;
  const given = asObject(labels);
  if (!given) {
    walk.out.push(check('error', 'optionsInvalid', `${at}/labels`, { field, widget, option: 'labels' }, field));
    return;
  }
  for (const [label, value] of Object.entries(given)) {
    if (!meta.labels.includes(label))
      walk.out.push(check('warning', 'labelUnknown', `${at}/labels/${escape(label)}`, { field, widget, label }, field));
    else if (typeof value !== 'string')
      walk.out.push(
        check(
          'error',
          'optionsInvalid',
          `${at}/labels/${escape(label)}`,
          { field, widget, option: `labels.${label}` },
          field,
        ),
      );
  }
}

/** The text at dotted `path` of a catalog, when it is a non-empty string. */
function textAt(catalog: unknown, path: readonly string[]): string | undefined {
  let at: unknown = catalog;
  for (const part of path) at = asObject(at)?.[part];
  return typeof at === 'string' && at.trim() !== '' ? at : undefined;
}

/** Every key used is a text in every language: in the form's own texts (`<form>.` keys) or the shared catalog. */
function checkTexts(walk: Walk, content: FormContentLike): void {
  for (const [key, use] of walk.keys) {
    const parts = key.split('.');
    const own = parts[0] === walk.name;
    for (const language of walk.ctx.languages) {
      if (own && textAt(content.texts[language], parts.slice(1)) !== undefined) continue;
      if (textAt(walk.ctx.shared[language], parts) !== undefined) continue;
      const params = { key, language };
      if (own)
        walk.out.push(
          check(
            'error',
            'missingText',
            `/texts/${escape(language)}${parts
              .slice(1)
              .map((p) => `/${escape(p)}`)
              .join('')}`,
            params,
            use.field,
          ),
        );
      // Staff cannot add to the shared catalog: the check points where the key is used, to pick a text of the form.
      else
        walk.out.push({
          ...(use.field === undefined
            ? check('error', 'missingSharedTextForm', use.path, params)
            : check('error', 'missingSharedText', use.path, { ...params, field: use.field }, use.field)),
          id: `missingSharedText:${key}:${language}`,
        });
    }
  }
}

/**
 * A field that keeps files (`keepsFile`) may take no more than one save can carry (`ctx.fileBytes`): its largest file
 * (`ui:options.maxBytes`, else the widget's default) as a data URL (a third larger), times `maxItems` for a list
 * (`list`: the field's types include `array`).
 */
function checkFileBytes(
  walk: Walk,
  name: string,
  meta: WidgetMeta,
  options: Readonly<Record<string, unknown>>,
  list: boolean,
  node: Json | undefined,
  uiAt: string,
): void {
  const limit = walk.ctx.fileBytes;
  if (!meta.keepsFile || limit === undefined) return;
  const each = typeof options['maxBytes'] === 'number' ? options['maxBytes'] : meta.keepsFile.defaultMaxBytes;
  // A size that is not one is refused by the widget's options schema.
  if (!(each > 0)) return;
  const items = typeof node?.['maxItems'] === 'number' ? node['maxItems'] : Number.POSITIVE_INFINITY;
  const count = list ? items : 1;
  if (Math.ceil((each * 4) / 3) * count <= limit) return;
  const most = Math.floor((limit * 3) / 4 / (list && Number.isFinite(items) ? Math.max(items, 1) : 1));
  walk.out.push(
    check(
      'error',
      list && !Number.isFinite(items) ? 'fileCountOpen' : 'fileTooLarge',
      `${uiAt}/ui:options`,
      { field: name, bytes: String(most) },
      name,
    ),
  );
}

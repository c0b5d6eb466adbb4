/**
 * The outline's edits of a version's content, pure: every edit answers a new content (the old one stays as it was,
 * so the undo history can keep it). A form's fields are its schema's properties wherever a branch declares them
 * (`if`/`then`/`else`, `allOf`...: workInfo's employment fields), in `ui:order` order; a field's texts are i18n keys
 * in the schema (`title`) and the uiSchema (`ui:help`, `ui:placeholder`) whose texts live in `content.texts[lng]` at
 * the key after the form's name (`workInfo.companyName` -> `texts.en.companyName`).
 */
import {
  FORM_LANGUAGES,
  type FlowContent,
  type FormContent,
  type FormLanguage,
  type ThemeContent,
} from '#domain/form-content.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const objectAt = (value: unknown): Json => (isObject(value) ? value : {});

/** The text kinds of a field and where their keys sit. */
export const TEXT_KINDS = ['title', 'help', 'placeholder'] as const;
export type TextKind = (typeof TEXT_KINDS)[number];

/** The key suffix of a new field's text of each kind: `<form>.<field>`, `<form>.<field>Help`, `<form>.<field>Placeholder`. */
const SUFFIX: Readonly<Record<TextKind, string>> = { title: '', help: 'Help', placeholder: 'Placeholder' };

export const VALUE_TYPES = ['string', 'number', 'integer', 'boolean'] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

export interface OutlineField {
  readonly name: string;
  /** JSON pointer of the field's property schema (the first place that declares it). */
  readonly pointer: string;
  readonly type: string;
  readonly format?: string;
  readonly required: boolean;
  readonly widget?: string;
  /** The i18n key of each text the field has. */
  readonly keys: Partial<Record<TextKind, string>>;
}

/** The branches of a schema node that may declare more properties of the same object. */
const BRANCHES = ['then', 'else'] as const;
const BRANCH_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;

/** Calls `visit` for every object node declaring properties of the form's root object, with its JSON pointer. */
function eachLevel(schema: Json, visit: (node: Json, pointer: string) => void, pointer = '/schema'): void {
  visit(schema, pointer);
  for (const key of BRANCHES) if (isObject(schema[key])) eachLevel(schema[key], visit, `${pointer}/${key}`);
  for (const key of BRANCH_LISTS) {
    const list = schema[key];
    if (Array.isArray(list))
      list.forEach((item, i) => isObject(item) && eachLevel(item, visit, `${pointer}/${key}/${i}`));
  }
}

/** The form's name prefix of its own text keys (`workInfo.`). */
export const prefixOf = (form: string): string => `${form}.`;

/** The fields of a form in the order the borrower sees them (`ui:order`, then the rest in schema order). */
export function fieldsOf(content: FormContent): OutlineField[] {
  const found = new Map<string, { pointer: string; schema: Json }>();
  const required = new Set<string>();
  eachLevel(content.schema, (node, pointer) => {
    for (const [name, schema] of Object.entries(objectAt(node['properties']))) {
      if (!found.has(name) && isObject(schema) && Object.keys(schema).some((k) => k !== 'const' && k !== 'enum'))
        found.set(name, { pointer: `${pointer}/properties/${name}`, schema });
    }
    // An `if` lists only conditions; `required` of the root and of the branches that apply counts.
    if (Array.isArray(node['required']))
      for (const name of node['required']) if (typeof name === 'string') required.add(name);
  });
  const ui = content.uiSchema;
  const order = orderOf(content, [...found.keys()]);
  return order.map((name) => {
    const { pointer, schema } = found.get(name)!;
    const fieldUi = objectAt(ui[name]);
    const keys: Partial<Record<TextKind, string>> = {};
    if (typeof schema['title'] === 'string') keys.title = schema['title'];
    if (typeof fieldUi['ui:help'] === 'string') keys.help = fieldUi['ui:help'];
    if (typeof fieldUi['ui:placeholder'] === 'string') keys.placeholder = fieldUi['ui:placeholder'];
    return {
      name,
      pointer,
      type: typeof schema['type'] === 'string' ? schema['type'] : Array.isArray(schema['enum']) ? 'enum' : 'object',
      ...(typeof schema['format'] === 'string' ? { format: schema['format'] } : {}),
      required: required.has(name),
      ...(typeof fieldUi['ui:widget'] === 'string' ? { widget: fieldUi['ui:widget'] } : {}),
      keys,
    };
  });
}

/** `ui:order` restricted to existing fields, with fields it does not name appended (where a `*` stands, else at the end). */
function orderOf(content: FormContent, names: readonly string[]): string[] {
  const listed = Array.isArray(content.uiSchema['ui:order'])
    ? (content.uiSchema['ui:order'] as unknown[]).filter((n): n is string => typeof n === 'string')
    : [];
  const known = listed.filter((n) => n === '*' || names.includes(n));
  const rest = names.filter((n) => !known.includes(n));
  const star = known.indexOf('*');
  if (star < 0) return [...known, ...rest];
  return [...known.slice(0, star), ...rest, ...known.slice(star + 1)];
}

/** The texts key of an i18n key of the form (`workInfo.companyName` -> `companyName`), or undefined for a shared key. */
export function textKeyOf(form: string, key: string): string | undefined {
  return key.startsWith(prefixOf(form)) ? key.slice(prefixOf(form).length) : undefined;
}

/** A text at a dotted path of a texts tree. */
export function textAt(texts: unknown, path: string): string | undefined {
  const value = path.split('.').reduce<unknown>((node, part) => objectAt(node)[part], texts);
  return typeof value === 'string' ? value : undefined;
}

/** A texts tree with `path` set to `value` (an empty value removes the text). */
function withText(texts: Json, path: string, value: string): Json {
  const [head, ...rest] = path.split('.');
  const out = { ...texts };
  if (rest.length === 0) {
    if (value === '') delete out[head!];
    else out[head!] = value;
  } else out[head!] = withText(objectAt(texts[head!]), rest.join('.'), value);
  return out;
}

/** The content with one text of the form in one language set (the text's key must be the form's own). */
export function setText(
  content: FormContent,
  form: string,
  key: string,
  lng: FormLanguage,
  value: string,
): FormContent {
  const path = textKeyOf(form, key);
  if (path === undefined) return content;
  return { ...content, texts: { ...content.texts, [lng]: withText(objectAt(content.texts[lng]), path, value) } };
}

/** A field's text of one kind: its key, made (and written into the schema or uiSchema) when the field had none. */
export function ensureTextKey(
  content: FormContent,
  form: string,
  field: string,
  kind: TextKind,
): { content: FormContent; key: string } {
  const existing = fieldsOf(content).find((f) => f.name === field);
  const known = existing?.keys[kind];
  if (known) return { content, key: known };
  const key = `${prefixOf(form)}${field}${SUFFIX[kind]}`;
  if (kind === 'title') {
    const pointer = existing?.pointer ?? `/schema/properties/${field}`;
    return {
      content: {
        ...content,
        schema: updateAt(content.schema, pointer.split('/').slice(2), (s) => ({ ...s, title: key })),
      },
      key,
    };
  }
  const uiKey = kind === 'help' ? 'ui:help' : 'ui:placeholder';
  return {
    content: {
      ...content,
      uiSchema: { ...content.uiSchema, [field]: { ...objectAt(content.uiSchema[field]), [uiKey]: key } },
    },
    key,
  };
}

/** A field's text of one kind in one language, creating its key when needed. */
export function setFieldText(
  content: FormContent,
  form: string,
  field: string,
  kind: TextKind,
  lng: FormLanguage,
  value: string,
): FormContent {
  const { content: keyed, key } = ensureTextKey(content, form, field, kind);
  return setText(keyed, form, key, lng, value);
}

/** The object at a path of JSON keys, replaced by `update` of it. */
function updateAt(node: Json, path: readonly string[], update: (node: Json) => Json): Json {
  if (path.length === 0) return update(node);
  const [head, ...rest] = path;
  const child = node[head!];
  if (Array.isArray(child)) {
    const index = Number(rest[0]);
    const list = [...child];
    list[index] = updateAt(objectAt(list[index]), rest.slice(1), update);
    return { ...node, [head!]: list };
  }
  return { ...node, [head!]: updateAt(objectAt(child), rest, update) };
}

/** What the outline asks of a new field. */
export interface NewField {
  readonly name: string;
  readonly type: ValueType;
  readonly required: boolean;
  readonly format?: string;
  readonly widget?: string;
  readonly options?: Record<string, unknown>;
  /** The title in each language (others may stay empty: the checks then point at them). */
  readonly titles?: Partial<Record<FormLanguage, string>>;
}

/** A field name the schema can take: a JS-like identifier not used yet. */
export function fieldNameProblem(content: FormContent, name: string): 'empty' | 'invalid' | 'taken' | undefined {
  if (name === '') return 'empty';
  if (!/^[A-Za-z][A-Za-z0-9]*$/u.test(name)) return 'invalid';
  return fieldsOf(content).some((f) => f.name === name) ? 'taken' : undefined;
}

/**
 * The content with a field added at the end: its property (type, format, title key) at the root, `required` and a
 * `propertyNames` enum (workInfo refuses unknown names) when the schema has them, its place in `ui:order` (before a
 * `*`), its widget and options, and its title texts.
 */
export function addField(content: FormContent, form: string, field: NewField): FormContent {
  const titleKey = `${prefixOf(form)}${field.name}`;
  const schema: Json = { ...content.schema };
  schema['properties'] = {
    ...objectAt(schema['properties']),
    [field.name]: { title: titleKey, type: field.type, ...(field.format ? { format: field.format } : {}) },
  };
  if (field.required)
    schema['required'] = [...(Array.isArray(schema['required']) ? schema['required'] : []), field.name];
  const names = objectAt(schema['propertyNames']);
  if (Array.isArray(names['enum'])) schema['propertyNames'] = { ...names, enum: [...names['enum'], field.name] };
  const ui: Json = { ...content.uiSchema };
  const order = Array.isArray(ui['ui:order'])
    ? [...(ui['ui:order'] as unknown[])]
    : fieldsOf(content).map((f) => f.name);
  const star = order.indexOf('*');
  if (star < 0) order.push(field.name);
  else order.splice(star, 0, field.name);
  ui['ui:order'] = order;
  const fieldUi: Json = {};
  if (field.widget) fieldUi['ui:widget'] = field.widget;
  if (field.options && Object.keys(field.options).length > 0) fieldUi['ui:options'] = field.options;
  if (Object.keys(fieldUi).length > 0) ui[field.name] = fieldUi;
  let out: FormContent = { ...content, schema, uiSchema: ui };
  for (const lng of FORM_LANGUAGES) out = setText(out, form, titleKey, lng, field.titles?.[lng] ?? '');
  return out;
}

function withoutName(list: unknown, name: string): unknown {
  return Array.isArray(list) ? list.filter((n) => n !== name) : list;
}

/** A schema node without the field anywhere: its properties, `required` lists and `propertyNames` enum, in every branch. */
function schemaWithout(node: Json, name: string): Json {
  const out: Json = { ...node };
  if (isObject(out['properties']) && name in out['properties']) {
    const { [name]: _gone, ...rest } = out['properties'];
    out['properties'] = rest;
  }
  if (Array.isArray(out['required'])) out['required'] = withoutName(out['required'], name);
  const names = objectAt(out['propertyNames']);
  if (Array.isArray(names['enum'])) out['propertyNames'] = { ...names, enum: withoutName(names['enum'], name) };
  for (const key of BRANCHES) if (isObject(out[key])) out[key] = schemaWithout(out[key], name);
  for (const key of BRANCH_LISTS)
    if (Array.isArray(out[key]))
      out[key] = (out[key] as unknown[]).map((item) => (isObject(item) ? schemaWithout(item, name) : item));
  return out;
}

/** The content without a field: schema, uiSchema (its entry and its place in `ui:order`) and its own texts. */
export function removeField(content: FormContent, form: string, name: string): FormContent {
  const field = fieldsOf(content).find((f) => f.name === name);
  if (!field) return content;
  const { [name]: _ui, ...ui } = content.uiSchema;
  if (Array.isArray(ui['ui:order'])) ui['ui:order'] = withoutName(ui['ui:order'], name);
  let out: FormContent = { ...content, schema: schemaWithout(content.schema, name), uiSchema: ui };
  for (const key of Object.values(field.keys)) for (const lng of FORM_LANGUAGES) out = setText(out, form, key, lng, '');
  return out;
}

/** The content with a field moved one place up (-1) or down (+1) in `ui:order` (written in full when it was partial). */
export function moveField(content: FormContent, name: string, by: -1 | 1): FormContent {
  const names = fieldsOf(content).map((f) => f.name);
  const from = names.indexOf(name);
  const to = from + by;
  if (from < 0 || to < 0 || to >= names.length) return content;
  const current = Array.isArray(content.uiSchema['ui:order']) ? (content.uiSchema['ui:order'] as unknown[]) : [];
  // Keep what `ui:order` names that is not a field here (a `*`) out: the full list replaces it.
  const order = [...names];
  order.splice(from, 1);
  order.splice(to, 0, name);
  const keepStar = current.includes('*') && order.length < current.length ? ['*'] : [];
  return { ...content, uiSchema: { ...content.uiSchema, 'ui:order': [...order, ...keepStar] } };
}

/** The content with the field's `ui:widget` and `ui:options` set (an empty widget or options removes them). */
export function setWidget(
  content: FormContent,
  name: string,
  widget: string | undefined,
  options: Record<string, unknown> | undefined,
): FormContent {
  const fieldUi: Json = { ...objectAt(content.uiSchema[name]) };
  if (widget) fieldUi['ui:widget'] = widget;
  else delete fieldUi['ui:widget'];
  if (options && Object.keys(options).length > 0) fieldUi['ui:options'] = options;
  else delete fieldUi['ui:options'];
  return { ...content, uiSchema: { ...content.uiSchema, [name]: fieldUi } };
}

/** The flow with step `index` moved one place; each step's `next` follows the new order (the last keeps its own). */
export function moveStep(content: FlowContent, index: number, by: -1 | 1): FlowContent {
  const to = index + by;
  if (index < 0 || to < 0 || to >= content.steps.length) return content;
  const steps = [...content.steps];
  const [step] = steps.splice(index, 1);
  steps.splice(to, 0, step!);
  const last = content.steps[content.steps.length - 1]!.next;
  return {
    ...content,
    steps: steps.map((s, i) => ({ ...s, next: i + 1 < steps.length ? steps[i + 1]!.route : last })),
  };
}

/** The theme with one property set. */
export function setThemeProperty(content: ThemeContent, property: string, value: string): ThemeContent {
  return { ...content, properties: { ...content.properties, [property]: value } };
}

/** The field a JSON pointer of the content is about (`/schema/.../properties/<field>`, `/uiSchema/<field>`), if any. */
export function fieldOfPointer(content: FormContent, form: string, pointer: string): string | undefined {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/gu, '/').replace(/~0/gu, '~'));
  const props = parts.lastIndexOf('properties');
  if (parts[0] === 'schema' && props >= 0 && parts[props + 1]) return parts[props + 1];
  if (parts[0] === 'uiSchema' && parts[1] && !parts[1].startsWith('ui:')) return parts[1];
  if (parts[0] === 'texts' && parts[2]) {
    const key = `${prefixOf(form)}${parts.slice(2).join('.')}`;
    return fieldsOf(content).find((f) => Object.values(f.keys).includes(key))?.name;
  }
  return undefined;
}

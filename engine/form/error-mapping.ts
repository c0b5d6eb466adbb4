import type { RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import type { ValidationError } from '../validation/compiled-validator.ts';

/**
 * Gives the i18n KEY of an error's message from its keyword and params and the schema of the field it is on
 * (undefined when the path leaves the schema). The engine knows no text: the caller owns the key scheme.
 */
export type ErrorKeyFn = (error: ValidationError, schema: RJSFSchema | undefined) => string;

function unescape(segment: string): string {
  return segment.replace(/~1/gu, '/').replace(/~0/gu, '~');
}

/** The segments of a JSON pointer (`/a/0/b` -> ['a', '0', 'b']). */
export function pointerSegments(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map(unescape);
}

function deref(schema: RJSFSchema | undefined, root: RJSFSchema): RJSFSchema | undefined {
  let node = schema;
  for (let hops = 0; node?.$ref !== undefined && hops < 16; hops += 1) {
    let target: unknown = root;
    for (const segment of pointerSegments(node.$ref.slice(1))) {
      target = target !== null && typeof target === 'object' ? (target as Record<string, unknown>)[segment] : undefined;
    }
    node = target as RJSFSchema | undefined;
  }
  return node;
}

/** The sub-schemas a property may also be declared in: conditional branches and combinators. */
const BRANCHES = ['then', 'else', 'allOf', 'anyOf', 'oneOf'] as const;

/**
 * The child schema of `node` for one data path segment: its `properties` or `items`, else the first declaration in a
 * conditional branch or combinator (`then`, `else`, `allOf`, ...; nested ones too). RJSF validates a live change
 * against the schema resolved for the data (branches merged in) but a submit against the original one: looking into
 * the branches gives a field declared in one the same schema, hence the same message, before and after a submit.
 */
function childOf(node: RJSFSchema, segment: string, root: RJSFSchema, depth = 0): RJSFSchema | undefined {
  const child = node.properties?.[segment] ?? (Array.isArray(node.items) ? node.items[Number(segment)] : node.items);
  if (typeof child === 'object') return deref(child, root);
  if (depth > 8) return undefined;
  for (const keyword of BRANCHES) {
    const value = (node as Record<string, unknown>)[keyword];
    for (const branch of Array.isArray(value) ? value : [value]) {
      if (branch === null || typeof branch !== 'object') continue;
      const resolved = deref(branch as RJSFSchema, root);
      const found = resolved === undefined ? undefined : childOf(resolved, segment, root, depth + 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The sub-schema at a data path (`properties`, `items`, conditional branches and local `$ref`s followed), or undefined. */
export function schemaAt(root: RJSFSchema, segments: readonly string[]): RJSFSchema | undefined {
  let node = deref(root, root);
  for (const segment of segments) {
    if (node === undefined) return undefined;
    node = childOf(node, segment, root);
  }
  return node;
}

/**
 * The data path an error belongs to, as segments: `required` and `dependencies` point at the missing property (its
 * field shows the error), `uniqueBy` at the compared property of the repeated item (`/contacts/2` + `/phone`), others at instancePath.
 */
export function errorSegments(error: ValidationError): string[] {
  const segments = pointerSegments(error.instancePath);
  const params = error.params as Record<string, unknown>;
  // As RJSF's own validator places them: `required` and `dependencies` at the field that is missing.
  if (
    typeof params['missingProperty'] === 'string' &&
    (error.keyword === 'required' || error.keyword === 'dependencies')
  ) {
    return [...segments, params['missingProperty']];
  }
  if (error.keyword === 'uniqueBy' && typeof params['property'] === 'string') {
    return [...segments, ...pointerSegments(params['property'])];
  }
  return segments;
}

/** The uiSchema node at a data path (`items` for array items), or undefined. */
function uiAt(ui: UiSchema | undefined, segments: readonly string[]): UiSchema | undefined {
  let node = ui;
  for (const segment of segments) {
    if (node === undefined) return undefined;
    node = (/^\d+$/u.test(segment) ? node['items'] : node[segment]) as UiSchema | undefined;
  }
  return node;
}

/**
 * The error as seen from the field that shows it. A value edited by one widget (`"ui:field": "widget"`, e.g. the
 * address: `{provinceCode, cityCode, ...}`) has no fields inside, so an error deeper in it (a missing `cityCode`)
 * moves to the widget's own path; a missing part reads as the whole value being required.
 */
export function atOwningField(error: ValidationError, ui: UiSchema | undefined): ValidationError {
  if (ui === undefined) return error;
  const segments = errorSegments(error);
  for (let depth = 1; depth < segments.length; depth += 1) {
    if (uiAt(ui, segments.slice(0, depth))?.['ui:field'] !== 'widget') continue;
    const instancePath = segments
      .slice(0, depth)
      .map((s) => `/${s.replace(/~/gu, '~0').replace(/\//gu, '~1')}`)
      .join('');
    return error.keyword === 'required' ? { ...error, instancePath, params: {} } : { ...error, instancePath };
  }
  return error;
}

/**
 * Our validation errors as RJSF's: `name` the keyword, `params` as generated, `property` in RJSF's dotted form
 * (`.contacts.2.phone`) and `message` (and `stack`) the i18n key `errorKey` gives. Nothing here is English.
 */
export function toRjsfErrors(
  errors: readonly ValidationError[],
  root: RJSFSchema,
  errorKey: ErrorKeyFn,
  ui?: UiSchema,
): RJSFValidationError[] {
  const seen = new Set<string>();
  return errors
    .map((raw) => atOwningField(raw, ui))
    .filter((error) => {
      // Several parts missing from one widget's value make one error at the widget.
      const key = `${error.instancePath} ${error.keyword} ${JSON.stringify(error.params)}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((error) => {
      const segments = errorSegments(error);
      const message = errorKey(error, schemaAt(root, segments));
      const property = segments.map((s) => `.${s}`).join('');
      return {
        name: error.keyword,
        params: error.params,
        property,
        message,
        stack: `${property} ${message}`.trim(),
        schemaPath: error.schemaPath,
      };
    });
}

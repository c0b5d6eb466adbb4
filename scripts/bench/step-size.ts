/**
 * Which step is "the largest": the number of fields a step's form shows at most at once, counted from its schema and
 * uiSchema. The keystroke benchmark runs on the step with the highest count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);

function deref(node: unknown, root: Node): Node | undefined {
  let current: unknown = node;
  for (let hops = 0; isNode(current) && typeof current['$ref'] === 'string' && hops < 16; hops += 1) {
    const ref = current['$ref'];
    if (!ref.startsWith('#')) return undefined;
    current = ref
      .slice(2)
      .split('/')
      .filter((s) => s !== '')
      .reduce<unknown>((at, key) => (isNode(at) ? at[key] : undefined), root);
  }
  return isNode(current) ? current : undefined;
}

/** The fields of one value: an object its own fields, an array its fields times `minItems` (at least 1), else 1. */
function leafCount(schema: unknown, ui: unknown, root: Node): number {
  const node = deref(schema, root);
  if (node === undefined) return 1;
  // A custom field (`"ui:field": "widget"`: an address picker, a contact picker) is one field, whatever it holds.
  if (isNode(ui) && typeof ui['ui:field'] === 'string') return 1;
  if (node['type'] === 'array' && node['items'] !== undefined) {
    const items = Array.isArray(node['items']) ? node['items'].length : Math.max(1, Number(node['minItems'] ?? 1));
    const each = Array.isArray(node['items'])
      ? 1
      : leafCount(node['items'], isNode(ui) ? ui['items'] : undefined, root);
    return items * each;
  }
  if (node['type'] === 'object' || isNode(node['properties'])) return objectFields(node, ui, root, new Set());
  return 1;
}

/**
 * The fields of an object schema shown at most at once: its properties, plus the larger side of its `if`/`then`/
 * `else` (nested `else` ifs followed), plus the largest of its `allOf` entries that have an `if` (taken as
 * alternatives: the steps switch them on one discriminator); `allOf` entries without `if` always apply. A property
 * declared again in a branch (a stricter rule on the same field) is not counted twice.
 */
function objectFields(schema: Node, ui: unknown, root: Node, seen: Set<string>): number {
  const node = deref(schema, root) ?? schema;
  const uiOf = (key: string): unknown => (isNode(ui) ? ui[key] : undefined);
  let count = 0;
  for (const [key, prop] of Object.entries(isNode(node['properties']) ? node['properties'] : {})) {
    if (seen.has(key)) continue;
    seen.add(key);
    count += leafCount(prop, uiOf(key), root);
  }
  const branch = (sub: unknown): number => (isNode(sub) ? objectFields(sub, ui, root, new Set(seen)) : 0);
  if (node['if'] !== undefined) count += Math.max(branch(node['then']), branch(node['else']));
  const alternatives: number[] = [0];
  for (const sub of Array.isArray(node['allOf']) ? node['allOf'] : []) {
    if (!isNode(sub)) continue;
    if (sub['if'] !== undefined) alternatives.push(Math.max(branch(sub['then']), branch(sub['else'])));
    else count += objectFields(sub, ui, root, seen);
  }
  return count + Math.max(...alternatives);
}

/** The number of fields the form of `schema` (with `uiSchema`) shows at most at once. */
export function visibleFieldCount(schema: Record<string, unknown>, uiSchema: unknown = {}): number {
  return leafCount(schema, uiSchema, schema);
}

/** One step and its size. */
export interface StepSize {
  readonly name: string;
  readonly fields: number;
}

/** Every step of `schemasDir` (`<name>.schema.json` with a compiled validator), largest first (ties by name). */
export function stepSizes(schemasDir: string): StepSize[] {
  const read = (file: string): Record<string, unknown> =>
    JSON.parse(readFileSync(join(schemasDir, file), 'utf8')) as Record<string, unknown>;
  const files = readdirSync(schemasDir);
  const compiled = new Set(readdirSync(join(schemasDir, 'compiled')));
  return files
    .filter((file) => file.endsWith('.schema.json'))
    .map((file) => file.slice(0, -'.schema.json'.length))
    .filter((name) => compiled.has(`${name}.js`))
    .map((name) => ({
      name,
      fields: visibleFieldCount(
        read(`${name}.schema.json`),
        files.includes(`${name}.ui.json`) ? read(`${name}.ui.json`) : {},
      ),
    }))
    .sort((a, b) => b.fields - a.fields || a.name.localeCompare(b.name));
}

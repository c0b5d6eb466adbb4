/**
 * The checks of a form's JSON Schema itself: it is draft-07, names only keywords and formats the engine
 * knows, refers only to what it holds, and compiles with the engine's one ajv setup (engine/validation/create-ajv.ts,
 * strict only where that protects borrowers or the server). Each finding names the field (its property path and the
 * schema's JSON pointer), what is wrong and how to fix it, in the staff member's language (`studio.checks.*`): ajv's
 * own English never reaches staff. Pure (ajv aside).
 */
import type { Ajv, ErrorObject } from 'ajv';
import { createAjv, STANDARD_FORMATS } from '../validation/create-ajv.ts';
import { eachSubschema } from '../validation/prune-branches.ts';
import type { ValidationVocabulary } from '../validation/vocabulary.ts';
import { asObject } from './schema-fields.ts';
import type { Json } from './schema-fields.ts';
import { check } from './types.ts';
import type { Check } from './types.ts';

const unescape = (token: string) => token.replaceAll('~1', '/').replaceAll('~0', '~');

/** The tokens of a JSON pointer. */
const tokens = (pointer: string): string[] => (pointer === '' ? [] : pointer.slice(1).split('/').map(unescape));

/**
 * How staff read where a rule sits: the path of the field it is on (`contacts.phone`, items of a list as `[]`) and the
 * schema's JSON pointer (`#/properties/contacts/items/properties/phone/maxLength`), and the field's own name.
 */
export function whereOf(pointer: string): { where: string; field?: string } {
  const parts = tokens(pointer);
  const names: string[] = [];
  let i = 0;
  // At a schema node, a token is a keyword; a map keyword is followed by a name, a list keyword by an index.
  while (i < parts.length) {
    const keyword = parts[i] ?? '';
    const next = parts[i + 1];
    if (MAPS.has(keyword) && next !== undefined) {
      if (keyword === 'properties') names.push(next);
      i += 2;
    } else if (LISTS.has(keyword) && next !== undefined && /^\d+$/u.test(next)) {
      if (keyword === 'items') names.push('[]');
      i += 2;
    } else {
      if (keyword === 'items' || keyword === 'additionalItems') names.push('[]');
      i += 1;
    }
  }
  const field = names.filter((n) => n !== '[]').at(-1);
  const path = names.join('.').replaceAll('.[]', '[]');
  return { where: path === '' ? `#${pointer}` : `“${path}” (#${pointer})`, ...(field !== undefined && { field }) };
}

const MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependencies']);
const LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'items']);

/** What a keyword's value must be, by the text that says it (`studio.checks.schemaValue<Kind>`). */
const VALUE_KINDS: Readonly<Record<string, string>> = {
  type: 'Type',
  maxLength: 'Count',
  minLength: 'Count',
  maxItems: 'Count',
  minItems: 'Count',
  maxProperties: 'Count',
  minProperties: 'Count',
  minimum: 'Number',
  maximum: 'Number',
  exclusiveMinimum: 'Number',
  exclusiveMaximum: 'Number',
  multipleOf: 'Positive',
  required: 'Names',
  enum: 'List',
  allOf: 'Schemas',
  anyOf: 'Schemas',
  oneOf: 'Schemas',
  properties: 'Schema',
  patternProperties: 'Schema',
  definitions: 'Schema',
  dependencies: 'Schema',
  items: 'Schema',
  additionalItems: 'Schema',
  additionalProperties: 'Schema',
  contains: 'Schema',
  propertyNames: 'Schema',
  not: 'Schema',
  if: 'Schema',
  then: 'Schema',
  else: 'Schema',
  uniqueItems: 'Boolean',
  readOnly: 'Boolean',
  writeOnly: 'Boolean',
  pattern: 'Text',
  format: 'Text',
  title: 'Text',
  description: 'Text',
  $ref: 'Text',
  $id: 'Text',
  $comment: 'Text',
  contentMediaType: 'Text',
  contentEncoding: 'Text',
};

/** Where a schema node's keyword is, in a pointer into the schema: the pointer split at the keyword. */
function keywordAt(nodes: ReadonlySet<string>, pointer: string): { node: string; keyword: string } {
  const parts = pointer === '' ? [] : pointer.slice(1).split('/');
  for (let n = parts.length; n >= 0; n -= 1) {
    const node = n === 0 ? '' : `/${parts.slice(0, n).join('/')}`;
    if (nodes.has(node)) return { node, keyword: n < parts.length ? unescape(parts[n] ?? '') : '' };
  }
  return { node: '', keyword: '' };
}

/** The Levenshtein distance of two short words, for "did you mean". */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = row[j] ?? 0;
      row[j] = Math.min(above + 1, (row[j - 1] ?? 0) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length] ?? 0;
}

/** The known keyword closest to a misspelt one (at most two edits, or the same but for case), if any. */
function closest(word: string, known: readonly string[]): string | undefined {
  let best: { keyword: string; d: number } | undefined;
  for (const keyword of known) {
    const d = keyword.toLowerCase() === word.toLowerCase() ? 0 : distance(word, keyword);
    if (d <= 2 && (best === undefined || d < best.d)) best = { keyword, d };
  }
  return best?.keyword;
}

/** The node at a pointer of `root`. */
function nodeAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const token of tokens(pointer)) node = Array.isArray(node) ? node[Number(token)] : asObject(node)?.[token];
  return node;
}

function schemaValue(nodes: ReadonlySet<string>, pointer: string, error?: ErrorObject): Check {
  const { node, keyword } = keywordAt(nodes, pointer);
  const kind = VALUE_KINDS[keyword];
  const { where, field } = whereOf(node);
  if (keyword === '' || (kind === undefined && error?.keyword === 'type' && nodes.has(pointer)))
    return check('error', 'schemaNotSchema', `/schema${pointer}`, { where }, field);
  return check('error', `schemaValue${kind ?? ''}`, `/schema${pointer}`, { where, keyword }, field);
}

/**
 * The findings on a form's schema: a value a keyword cannot take (draft-07's meta-schema), an unknown keyword (with the
 * known one it may be a misspelling of), an unknown format (with the formats there are), a `$ref` to nothing, a
 * normaliser that does not exist, a type no answer could pass; then anything else ajv refuses, said generally.
 */
export function checkSchema(schema: Json, vocabulary: ValidationVocabulary): Check[] {
  const ajv: Ajv = createAjv(vocabulary);
  const nodes = new Set<string>();
  // Every place a schema stands, whatever it holds there (a number where a schema should be is found here too).
  eachSubschema(schema, (_node, pointer) => nodes.add(pointer));

  if (!ajv.validateSchema(schema)) {
    const out = new Map<string, Check>();
    const errors = ajv.errors ?? [];
    // The deepest errors say what is wrong; an `anyOf` of the meta-schema above them only repeats that it is.
    const deepest = errors.filter((e) => !errors.some((o) => o.instancePath.startsWith(`${e.instancePath}/`)));
    for (const error of deepest) {
      const found = schemaValue(nodes, error.instancePath, error);
      if (!out.has(found.path)) out.set(found.path, found);
    }
    return [...out.values()];
  }

  const out: Check[] = [];
  const known = Object.keys(ajv.RULES.keywords).filter((k) => ajv.RULES.keywords[k] === true);
  const formats = [...new Set([...STANDARD_FORMATS, ...Object.keys(vocabulary.formats)])].sort();
  const normalizers = Object.keys(vocabulary.normalizers).sort();
  // A `$ref` under a nested `$id` resolves against that resource, not the root: ajv's compile says whether it does.
  const resources = [...nodes].filter((p) => p !== '' && typeof asObject(nodeAt(schema, p))?.['$id'] === 'string');
  const rootRelative = (pointer: string) => !resources.some((r) => pointer === r || pointer.startsWith(`${r}/`));
  for (const pointer of nodes) {
    const node = asObject(nodeAt(schema, pointer)) ?? {};
    for (const [keyword, value] of Object.entries(node)) {
      const at = `${pointer}/${keyword.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      const { where, field } = whereOf(pointer);
      if (!known.includes(keyword)) {
        const suggestion = closest(keyword, known);
        out.push(
          suggestion === undefined
            ? check('error', 'unknownKeyword', `/schema${at}`, { where, keyword }, field)
            : check('error', 'unknownKeywordSuggest', `/schema${at}`, { where, keyword, suggestion }, field),
        );
      } else if (keyword === 'format' && typeof value === 'string' && !formats.includes(value)) {
        out.push(
          check('error', 'unknownFormat', `/schema${at}`, { where, format: value, formats: formats.join(', ') }, field),
        );
      } else if (keyword === 'normalize') {
        for (const name of [value].flat())
          if (typeof name === 'string' && !normalizers.includes(name))
            out.push(
              check(
                'error',
                'unknownNormalizer',
                `/schema${at}`,
                { where, normalizer: name, normalizers: normalizers.join(', ') },
                field,
              ),
            );
      } else if (
        keyword === '$ref' &&
        typeof value === 'string' &&
        (value === '#' || value.startsWith('#/')) &&
        rootRelative(pointer)
      ) {
        let target: unknown;
        try {
          target = nodeAt(schema, decodeURIComponent(value.slice(1)));
        } catch {
          target = undefined;
        }
        if (target === undefined || (typeof target !== 'boolean' && asObject(target) === undefined))
          out.push(check('error', 'refMissing', `/schema${at}`, { where, ref: value }, field));
      }
    }
  }
  if (out.length > 0) return out;

  try {
    ajv.compile(schema);
    return [];
  } catch (error) {
    return [compileFinding(nodes, error)];
  }
}

/** What a compile error says, as a finding: ajv's message is read for its facts, never shown. */
function compileFinding(nodes: ReadonlySet<string>, error: unknown): Check {
  const message = error instanceof Error ? error.message : String(error);
  const missing = (error as { missingRef?: unknown }).missingRef;
  if (typeof missing === 'string')
    return check('error', 'refMissing', '/schema', { where: '#', ref: missing.replace(/^#?/u, '#') });
  const invalid = /keyword "([^"]+)" value is invalid at path "#([^"]*)"/u.exec(message);
  if (invalid) {
    const pointer = `${invalid[2] ?? ''}/${invalid[1] ?? ''}`;
    return schemaValue(nodes, pointer);
  }
  const context = /type "([^"]+)" not allowed by context "([^"]+)" at "[^#"]*#([^"]*)"/u.exec(message);
  if (context) {
    const pointer = context[3] ?? '';
    const { where, field } = whereOf(pointer);
    return check(
      'error',
      'typeContradiction',
      `/schema${pointer}/type`,
      { where, type: context[1] ?? '', context: (context[2] ?? '').replaceAll(',', ', ') },
      field,
    );
  }
  return check('error', 'schemaCompile', '/schema', {});
}
